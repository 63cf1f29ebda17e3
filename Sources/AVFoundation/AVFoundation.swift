// `import AVFoundation` (and `import AVKit`, which re-exports it, as Apple's does) for SwiftUI code that
// plays video: VideoPlayer, AVPlayer, AVQueuePlayer,
// AVPlayerItem, AVPlayerLooper and CMTime (KioskVideo), with all of Kiosk — and Foundation, as
// on Apple platforms, for the other public looping pattern, NotificationCenter's:
//
//     player.actionAtItemEnd = .none
//     NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime,
//                                            object: player.currentItem, queue: .main) { _ in
//         player.seek(to: .zero)
//     }
//
// The notification is posted (from a background queue, the item as its object) once the name
// has been used. Foundation brings ICU into a static binary; `import KioskVideo` has everything but the
// notification, without it.
@_exported import Kiosk
@_exported import KioskVideo
@_exported import Foundation

extension Notification.Name {
    /// Posted when an item plays to its end (`object`: the AVPlayerItem), before the player's
    /// `actionAtItemEnd` applies.
    public static let AVPlayerItemDidPlayToEndTime: Notification.Name = {
        // Posted from a background queue, as AVFoundation may post it: swift-corelibs-foundation's
        // post waits for observers registered with `queue: .main` (OperationQueue.main runs on the
        // main queue), so posting from the main queue — where kiosk's player lives — deadlocks.
        AVPlayerItem.didPlayToEndTime.append { item in
            DispatchQueue.global().async {
                NotificationCenter.default.post(name: Notification.Name("AVPlayerItemDidPlayToEndTimeNotification"), object: item)
            }
        }
        return Notification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    }()
}
