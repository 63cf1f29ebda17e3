// InternTable: values numbered from 1 in the order first seen (0 stands for none), so a view
// value keeps one of a handful of larger values (an image's bundle, its cap insets) in two bytes.
import Raster

final class InternTable<Value: Equatable>: @unchecked Sendable {
    private let table = Locked<[Value]>([])

    /// The number of `value`, adding it on first use; nil once 65 535 values are numbered.
    func number(_ value: Value) -> UInt16? {
        table.withLock { t in
            if let i = t.firstIndex(of: value) { return UInt16(i + 1) }
            guard t.count < Int(UInt16.max) else { return nil }
            t.append(value)
            return UInt16(t.count)
        }
    }

    /// The value numbered `id` (> 0) by `number`.
    func value(_ id: UInt16) -> Value { table.withLock { $0[Int(id) - 1] } }
}
