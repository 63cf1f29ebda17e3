// VideoError: why a video does not play, each with what to do about it.

/// Why an `AVPlayerItem` failed (`item.error as? VideoError`); the description says what to do.
public enum VideoError: Error, Equatable, CustomStringConvertible, Sendable {
    /// This kiosk was built without GStreamer (the static build, KIOSK_BUILD_VIDEO=0).
    case unavailable
    /// GStreamer itself is not usable (its core plugins are missing).
    case gstreamerUnavailable(String)
    /// No file at this path.
    case fileNotFound(path: String)
    /// The file is not a video GStreamer recognises (text, a truncated header…).
    case notAVideo(path: String, detail: String)
    /// A demuxer or decoder for the file's format is not installed: `package` is the Debian
    /// package that has it (nil when unknown).
    case missingPlugin(what: String, package: String?)
    /// The file has no video stream.
    case noVideoStream(path: String)
    /// GStreamer stopped with an error while playing.
    case playbackFailed(String)

    public var description: String {
        switch self {
        case .unavailable:
            return "video needs the dynamic build: this kiosk was built without GStreamer (the static build, KIOSK_BUILD_VIDEO=0, since Debian ships no static GStreamer); build it with swift build and libgstreamer1.0-dev to play video"
        case .gstreamerUnavailable(let why):
            return "GStreamer cannot play video here: \(why) (apt-get install gstreamer1.0-plugins-base gstreamer1.0-plugins-good)"
        case .fileNotFound(let path):
            return "video file not found: \(path)"
        case .notAVideo(let path, let detail):
            return "\(path) is not a video GStreamer can read (\(detail))"
        case .missingPlugin(let what, let package):
            if let package { return "no GStreamer plugin for \(what): apt-get install \(package)" }
            return "no GStreamer plugin for \(what) (look for it with `apt-cache search gstreamer1.0`)"
        case .noVideoStream(let path):
            return "\(path) has no video stream"
        case .playbackFailed(let why):
            return "video playback failed: \(why)"
        }
    }

    /// The Debian package with GStreamer's element for `caps` (a missing-plugin message's caps,
    /// e.g. `video/x-h264, stream-format=…`), for the common formats; nil for others.
    public static func debianPackage(forCaps caps: String) -> String? {
        let media = caps.split(separator: ",").first.map { $0.trimmingCharacters(in: " ") } ?? caps
        switch media {
        // FFmpeg's decoders (avdec_*): the patent-encumbered codecs Debian keeps out of -good.
        case "video/x-h264", "video/x-h265", "video/mpeg", "video/x-divx", "video/x-xvid", "video/x-msmpeg",
             "video/x-wmv", "video/x-prores", "video/x-h263", "video/x-flash-video", "audio/mpeg", "audio/x-ac3",
             "audio/x-eac3", "audio/x-wma":
            return "gstreamer1.0-libav"
        case "video/x-vp8", "video/x-vp9", "image/jpeg", "video/x-msvideo", "video/x-matroska", "video/webm",
             "video/quicktime", "video/x-flv", "image/png", "video/x-dv", "audio/x-flac":
            return "gstreamer1.0-plugins-good"
        case "video/x-theora", "application/ogg", "audio/x-vorbis", "video/x-raw", "audio/x-opus":
            return "gstreamer1.0-plugins-base"
        case "video/x-av1", "video/mpegts", "video/x-h266", "video/x-vp6":
            return "gstreamer1.0-plugins-bad"
        default:
            return nil
        }
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self[...]
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
