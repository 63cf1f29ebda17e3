// `video-corner`: a full-screen photo with a 720p video playing in a corner (issue 40's
// measurement), written with the AVKit API (KioskVideo, which `import AVKit` re-exports) and
// looped with AVPlayerLooper. The video is $VIDEO_CORNER_FILE, else a 10-s 1280×720 30 fps clip
// GStreamer writes once into /tmp (VideoTestClip); the photo is $VIDEO_CORNER_PHOTO, else a
// 1920×1080 JPEG made the same way. In a build without GStreamer (the static kiosk) the corner
// says that video needs the dynamic build.
import Kiosk
import KioskVideo
#if canImport(Glibc)
import Glibc
#endif

struct VideoCorner: View {
    let player: AVQueuePlayer
    let looper: AVPlayerLooper?
    let photo: String?

    init() {
        let env = { (name: String) -> String? in getenv(name).map { String(cString: $0) } }
        var video = env("VIDEO_CORNER_FILE"), photo = env("VIDEO_CORNER_PHOTO")
        if video == nil || photo == nil {
            mkdir("/tmp/kiosk-video-scene", 0o755)
            if video == nil {
                let path = "/tmp/kiosk-video-scene/ball-1280x720-30.avi"
                if (try? VideoTestClip.write(to: path, width: 1280, height: 720, fps: 30, seconds: 10)) != nil { video = path }
            }
            if photo == nil {
                let path = "/tmp/kiosk-video-scene/photo-1920x1080.jpg"
                // One frame of Motion-JPEG in AVI is not a .jpg: the photo is a separate JPEG file.
                if (try? VideoTestClip.writeJPEG(to: path, width: 1920, height: 1080, pattern: "smpte")) != nil { photo = path }
            }
        }
        player = AVQueuePlayer()
        if let video {
            looper = AVPlayerLooper(player: player, templateItem: AVPlayerItem(url: URL(fileURLWithPath: video)))
        } else {
            looper = nil
            player.replaceCurrentItem(with: AVPlayerItem(url: URL(fileURLWithPath: "/tmp/kiosk-video-scene/none.avi")))
        }
        self.photo = photo
    }

    var body: some View {
        ZStack(alignment: .bottomTrailing) {
            if let photo { Image(photo).resizable().scaledToFill() } else { Color.gray }
            VideoPlayer(player: player)
                .frame(width: 640, height: 360)
                .padding(24)
        }
        .onAppear { player.play() }
    }
}

extension KioskScenes {
    static var videoEntries: [Entry] {
        [viewScene("video-corner", "a full-screen photo with a 720p video looping in a corner (AVKit's VideoPlayer over GStreamer)") { VideoCorner() }]
    }
}
