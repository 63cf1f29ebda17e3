// NotificationCenter's publisher, as Foundation has it beside Combine on Apple platforms:
// `.onReceive(NotificationCenter.default.publisher(for: name)) { note in … }`. It is kiosk's
// `Publisher` (Kiosk/Graph/Publisher.swift): a subscription is an observer added with
// `addObserver(forName:object:queue: nil)` and removed when cancelled or released, so a value is
// delivered on the thread that posts, synchronously, as Combine's is (`receive(on:)` hops to the
// main queue). Here and not in Kiosk because Notification is Foundation's (`import SwiftUI` brings it).

extension NotificationCenter {
    /// The notifications named `name` (from `object`, or from anyone with nil) as a publisher.
    public struct Publisher: Kiosk.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center; self.name = name; self.object = object
        }

        public func subscribe(_ receiveValue: @escaping (Notification) -> Void) -> AnyCancellable {
            let center = self.center
            let box = ObserverBox(receiveValue)
            let token = center.addObserver(forName: name, object: object, queue: nil) { box.receive($0) }
            let tokenBox = TokenBox(token)
            return AnyCancellable { center.removeObserver(tokenBox.token) }
        }
    }

    /// Posted notifications named `name` as a publisher.
    ///
    /// ```swift
    /// .onReceive(NotificationCenter.default.publisher(for: Notification.Name("Success"))) { _ in unlocked = true }
    /// ```
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        NotificationCenter.Publisher(center: self, name: name, object: object)
    }
}

/// The subscriber's closure, carried into Foundation's `@Sendable` observer block (it is called on
/// the posting thread, as Combine calls a subscriber).
private final class ObserverBox: @unchecked Sendable {
    let receive: (Notification) -> Void
    init(_ receive: @escaping (Notification) -> Void) { self.receive = receive }
}

private final class TokenBox: @unchecked Sendable {
    let token: any NSObjectProtocol
    init(_ token: any NSObjectProtocol) { self.token = token }
}
