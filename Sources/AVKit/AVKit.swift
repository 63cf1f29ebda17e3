// `import AVKit` for SwiftUI code that plays video: VideoPlayer, AVPlayer, AVQueuePlayer,
// AVPlayerItem, AVPlayerLooper and CMTime (KioskVideo), with all of Kiosk.
@_exported import Kiosk
@_exported import KioskVideo
