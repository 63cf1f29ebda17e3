// VideoPlayer: AVKit's SwiftUI view. The player's frames fitted in the space offered over black
// (VideoFrameSurface), the overlay above them; no playback controls (a kiosk shows none). When the
// item fails, or video is not in this build, the reason shows in white over the black.
import Kiosk

/// Shows `player`'s video: `VideoPlayer(player: AVPlayer(url: url))`.
public struct VideoPlayer<VideoOverlay: View>: View {
    let player: AVPlayer?
    let overlay: VideoOverlay

    public init(player: AVPlayer?) where VideoOverlay == EmptyView {
        self.player = player; overlay = EmptyView()
    }
    public init(player: AVPlayer?, @ViewBuilder videoOverlay: () -> VideoOverlay) {
        self.player = player; overlay = videoOverlay()
    }

    public var body: some View {
        ZStack {
            if let player {
                VideoStatusView(player: player)
            } else {
                Color.black
            }
            overlay
        }
    }
}

/// The frames, and the failure message when there is one (re-evaluated when the player changes).
struct VideoStatusView: View {
    @ObservedObject var player: AVPlayer
    var body: some View {
        ZStack {
            VideoFrameSurface(player.frames)
            if let message = player.frames.message {
                Text(message)
                    .font(.system(size: 15))
                    .foregroundColor(.white)
                    .multilineTextAlignment(.center)
                    .padding()
            }
        }
    }
}
