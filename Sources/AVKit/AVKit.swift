// `import AVKit`: AVFoundation's player API (Sources/AVFoundation: AVPlayer, AVQueuePlayer,
// AVPlayerItem, AVPlayerLooper, CMTime and VideoPlayer from KioskVideo, with Kiosk and Foundation),
// re-exported as Apple's AVKit re-exports AVFoundation.
@_exported import AVFoundation
