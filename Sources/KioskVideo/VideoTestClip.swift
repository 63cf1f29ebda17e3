// VideoTestClip: writes a short video with GStreamer itself (videotestsrc → jpegenc → avimux),
// for the `video-corner` scene and benchmarks when no video file is given. Runs the pipeline to
// its end on the calling thread.
#if canImport(CGStreamer)
import CGStreamer
#endif

public enum VideoTestClip {
    /// Writes `seconds` of GStreamer's `pattern` (`ball`, `smpte`, `red`…) at `width`×`height`
    /// and `fps` to `path` as Motion-JPEG in AVI (gstreamer1.0-plugins-good), unless `path` exists.
    public static func write(to path: String, width: Int, height: Int, fps: Int = 30, seconds: Int = 10, pattern: String = "ball") throws {
        let frames = max(1, fps * seconds)
        try run("videotestsrc pattern=\(pattern) num-buffers=\(frames) ! video/x-raw,width=\(width),height=\(height),framerate=\(fps)/1 ! videoconvert ! jpegenc ! avimux", to: path)
    }

    /// One frame of `pattern` as a JPEG file (a stand-in photo), unless `path` exists.
    public static func writeJPEG(to path: String, width: Int, height: Int, pattern: String = "smpte") throws {
        try run("videotestsrc pattern=\(pattern) num-buffers=1 ! video/x-raw,width=\(width),height=\(height) ! videoconvert ! jpegenc quality=90", to: path)
    }

    private static func run(_ encoder: String, to path: String) throws {
        #if canImport(CGStreamer)
        if access(path, F_OK) == 0 { return }
        if let e = GStreamerPipeline.initError { throw VideoError.gstreamerUnavailable(e) }
        let description = encoder + " ! filesink location=\"\(path).part\""
        var error: UnsafeMutablePointer<GError>?
        let made = gst_parse_launch(description, &error)
        if let error {
            let m = String(cString: error.pointee.message); g_error_free(error)
            if let made { gst_object_unref(made) }
            throw VideoError.missingPlugin(what: m, package: "gstreamer1.0-plugins-good")
        }
        guard let pipeline = made else { throw VideoError.playbackFailed("cannot build \(description)") }
        defer { gst_element_set_state(pipeline, GST_STATE_NULL); gst_object_unref(pipeline) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        let types = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime.max, types) else { throw VideoError.playbackFailed("no end of stream") }
        defer { gst_message_unref(message) }
        if kiosk_gst_message_type(message) == GST_MESSAGE_ERROR {
            var e: UnsafeMutablePointer<GError>?
            gst_message_parse_error(message, &e, nil)
            let m = e.map { String(cString: $0.pointee.message) } ?? "error"
            if let e { g_error_free(e) }
            throw VideoError.playbackFailed(m)
        }
        guard rename(path + ".part", path) == 0 else { throw VideoError.playbackFailed("cannot write \(path)") }
        #else
        throw VideoError.unavailable
        #endif
    }
}
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
