// The player's state lives on the main queue, like the views'. Calls from another thread (a
// test, a worker) hop there synchronously.
import Dispatch
import CDRM

enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let k = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: k, value: true)
        return k
    }()
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true || kiosk_is_main_thread() != 0 }
    static func sync<T>(_ body: () -> T) -> T { isCurrent ? body() : DispatchQueue.main.sync(execute: body) }
}
