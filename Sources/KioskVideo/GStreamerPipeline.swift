// GStreamerPipeline: one video file decoded by GStreamer into a VideoFrameBuffer.
//
//   playbin (uri, video only) → [videoconvert → appsink caps=video/x-raw,format=BGRA]
//
// playbin's uridecodebin/decodebin picks the demuxer and decoder by rank, so a board whose
// GStreamer has hardware decoders (v4l2 stateful decoders in gstreamer1.0-plugins-good:
// v4l2h264dec on a Raspberry Pi, i.MX 8; v4l2codecs in -bad; VA-API on x86) uses them: they rank
// above the software ones. BGRA is Raster's memory order (premultiplied ARGB8888; video is opaque,
// alpha 255), so a frame is one row copy into the buffer's free surface. The appsink does not
// synchronise to GStreamer's clock (sync=false): the pipeline plays as fast as the buffer takes
// frames, and the buffer's write waits while its surfaces are all decoded ahead, so decoding
// runs a few frames ahead of the screen and no further. The screen's clock picks the frame to
// show by its time (VideoFrameBuffer): real time on the panel, virtual time under HeadlessHost
// and `kiosk record`. Play and pause are the buffer's media clock; the pipeline itself stays
// PLAYING, held by the full buffer. No audio: playbin's flags leave audio
// streams undecoded. Bus messages are read by a sync handler on the posting thread and handed
// to the main queue (no GLib main loop runs).
#if canImport(CGStreamer)
import CGStreamer
import Kiosk
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// What the pipeline reports, on the main queue.
enum PipelineEvent {
    case prerolled
    case failed(VideoError)
}

final class GStreamerPipeline {
    private let playbin: UnsafeMutablePointer<GstElement>
    private let context: Unmanaged<PipelineContext>
    let path: String
    private(set) var isPrerolled = false
    /// A seek asked for before the preroll: its target and generation (the seek event's seqnum).
    private var pendingSeek: (seconds: Double, generation: UInt32)?
    private var playing = false
    private let frames: VideoFrameBuffer

    /// Initialises GStreamer once; nil when it works, else why not.
    static let initError: String? = {
        var error: UnsafeMutablePointer<GError>?
        if gst_init_check(nil, nil, &error) == 0 {
            let m = error.map { String(cString: $0.pointee.message) } ?? "gst_init failed"
            if let error { g_error_free(error) }
            return m
        }
        return nil
    }()

    init(uri: String, path: String, frames: VideoFrameBuffer, events: @escaping (PipelineEvent) -> Void) throws {
        if let e = GStreamerPipeline.initError { throw VideoError.gstreamerUnavailable(e) }
        self.path = path
        self.frames = frames
        guard let pb = gst_element_factory_make("playbin", nil) else {
            throw VideoError.missingPlugin(what: "playbin", package: "gstreamer1.0-plugins-base")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let bin = gst_parse_bin_from_description("videoconvert ! appsink name=kiosk_sink", 1, &error) else {
            let m = error.map { String(cString: $0.pointee.message) } ?? "no videoconvert or appsink"
            if let error { g_error_free(error) }
            gst_object_unref(pb)
            throw VideoError.missingPlugin(what: "videoconvert/appsink (\(m))", package: "gstreamer1.0-plugins-base")
        }
        playbin = pb
        frames.startStream()
        let context = PipelineContext(frames: frames, path: path, events: events)
        self.context = Unmanaged.passRetained(context)
        let sinkElement = gst_bin_get_by_name(kiosk_gst_bin(bin), "kiosk_sink")!
        let sink = kiosk_gst_app_sink(sinkElement)!
        let caps = gst_caps_from_string("video/x-raw,format=BGRA")
        gst_app_sink_set_caps(sink, caps)
        gst_caps_unref(caps)
        gst_app_sink_set_max_buffers(sink, 1)
        gst_app_sink_set_drop(sink, 0)
        kiosk_gst_set_bool(sinkElement, "sync", 0)
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, user in
            guard let sink, let user, let sample = gst_app_sink_pull_sample(sink) else { return GST_FLOW_OK }
            Unmanaged<PipelineContext>.fromOpaque(user).takeUnretainedValue().deliver(sample)
            gst_sample_unref(sample)
            return GST_FLOW_OK
        }
        // No preroll callback: the pipeline goes to PLAYING at once, so every frame, the first
        // one after a seek included, comes as a sample.
        callbacks.eos = { _, user in
            guard let user else { return }
            Unmanaged<PipelineContext>.fromOpaque(user).takeUnretainedValue().frames.streamEnded()
        }
        // The sink and the bus each hold the context until they are done with it.
        gst_app_sink_set_callbacks(sink, &callbacks, self.context.retain().toOpaque()) { user in
            if let user { Unmanaged<PipelineContext>.fromOpaque(user).release() }
        }
        // A seek's generation starts where its flush ends at the sink: the flush-stop carries
        // the seek event's seqnum (VideoFrameBuffer.flushStopped). Flush events reach a probe
        // only when asked for by EVENT_FLUSH; EVENT_DOWNSTREAM is needed for it to match at all.
        if let pad = gst_element_get_static_pad(sinkElement, "sink") {
            let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
            gst_pad_add_probe(pad, mask, { _, info, user in
                guard let info, let user, let event = kiosk_gst_probe_event(info) else { return GST_PAD_PROBE_OK }
                if kiosk_gst_event_type(event) == GST_EVENT_FLUSH_STOP {
                    Unmanaged<PipelineContext>.fromOpaque(user).takeUnretainedValue().frames.flushStopped(generation: gst_event_get_seqnum(event))
                }
                return GST_PAD_PROBE_OK
            }, self.context.retain().toOpaque()) { user in
                if let user { Unmanaged<PipelineContext>.fromOpaque(user).release() }
            }
            gst_object_unref(pad)
        }
        gst_object_unref(sinkElement)
        kiosk_gst_set_object(pb, "video-sink", bin)   // playbin takes the floating bin
        kiosk_gst_set_uint(pb, "flags", 1)             // GST_PLAY_FLAG_VIDEO only: no audio, no subtitles
        kiosk_gst_set_string(pb, "uri", uri)
        let bus = gst_element_get_bus(pb)!
        gst_bus_set_sync_handler(bus, { _, message, user in
            guard let message, let user else { return GST_BUS_DROP }
            Unmanaged<PipelineContext>.fromOpaque(user).takeUnretainedValue().handle(message)
            return GST_BUS_DROP
        }, self.context.retain().toOpaque()) { user in
            if let user { Unmanaged<PipelineContext>.fromOpaque(user).release() }
        }
        gst_object_unref(bus)
        // Playing at once: the first frames decode ahead and the first one shows before play()
        // (the buffer's media clock stands still until then).
        if gst_element_set_state(pb, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            // The bus has the reason (an error message); it reaches `events` on the main queue.
        }
    }

    deinit {
        context.takeUnretainedValue().stopped = true
        // A streaming thread waiting for a free surface returns (set_state waits for it).
        context.takeUnretainedValue().frames.stopStream()
        gst_element_set_state(playbin, GST_STATE_NULL)
        if let bus = gst_element_get_bus(playbin) {
            gst_bus_set_sync_handler(bus, nil, nil, nil)
            gst_object_unref(bus)
        }
        gst_object_unref(playbin)
        context.release()
    }

    /// Main queue: the first ASYNC_DONE.
    func didPreroll() {
        guard !isPrerolled else { return }
        isPrerolled = true
        if let p = pendingSeek { pendingSeek = nil; send(p.seconds, generation: p.generation) }
    }

    /// Starts or stops the media clock (the pipeline decodes ahead either way, held by the buffer).
    func setPlaying(_ on: Bool) {
        playing = on
        frames.setPlaying(on)
    }

    /// A flushing, accurate seek: the frames decoded ahead are dropped and the media clock
    /// stands at `seconds`; the first frame from there shows (also while paused).
    /// The seek's generation is its event's seqnum, which GStreamer gives the flush it causes:
    /// the buffer takes the decoder's frames from that flush-stop on (none lost, none older).
    /// The preroll counts from the bus's sync handler (it comes before the first frame), so a
    /// seek waits for the main queue's ASYNC_DONE only before any frame.
    func seek(to seconds: Double) {
        let s = max(0, min(seconds.isFinite ? seconds : 0, 9e9))
        let generation = gst_util_seqnum_next()
        let ready = isPrerolled || context.takeUnretainedValue().isPrerolled
        frames.flush(to: s, generation: generation, pending: !ready)
        guard ready else { pendingSeek = (s, generation); return }
        pendingSeek = nil
        send(s, generation: generation)
    }

    private func send(_ seconds: Double, generation: UInt32) {
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        guard let event = gst_event_new_seek(1.0, GST_FORMAT_TIME, flags, GST_SEEK_TYPE_SET, gint64(seconds * 1e9), GST_SEEK_TYPE_NONE, -1) else {
            frames.seekSent(false); return
        }
        gst_event_set_seqnum(event, generation)
        // Takes the event; the flush-stop (and so the new generation) usually comes before it returns.
        frames.seekSent(gst_element_send_event(playbin, event) != 0)
    }

    /// The stream's length in seconds, once known.
    var duration: Double? {
        var d: gint64 = -1
        guard gst_element_query_duration(playbin, GST_FORMAT_TIME, &d) != 0, d >= 0 else { return nil }
        return Double(d) / 1e9
    }
    /// The playback position in seconds (the pipeline's, between frames).
    var position: Double? {
        var p: gint64 = -1
        guard gst_element_query_position(playbin, GST_FORMAT_TIME, &p) != 0, p >= 0 else { return nil }
        return Double(p) / 1e9
    }
}

/// What GStreamer's threads see: the frame buffer and the event hand-off.
private final class PipelineContext: @unchecked Sendable {
    let frames: VideoFrameBuffer
    let path: String
    let events: (PipelineEvent) -> Void
    /// Set on the main queue when the pipeline goes; events after it are dropped.
    var stopped = false
    /// The first missing-plugin message (it comes before the error it causes).
    private var missing: VideoError?
    private var prerolledFlag = false
    /// The pipeline's first ASYNC_DONE was seen (on the bus's thread, before the main queue hears).
    var isPrerolled: Bool {
        pthread_mutex_lock(&mutex); defer { pthread_mutex_unlock(&mutex) }
        return prerolledFlag
    }
    private var mutex = pthread_mutex_t()

    init(frames: VideoFrameBuffer, path: String, events: @escaping (PipelineEvent) -> Void) {
        self.frames = frames; self.path = path; self.events = events
        pthread_mutex_init(&mutex, nil)
    }
    deinit { pthread_mutex_destroy(&mutex) }

    /// Streaming thread: copies the sample's rows into the buffer's free surface.
    func deliver(_ sample: OpaquePointer) {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return }
        defer { gst_video_frame_unmap(&frame) }
        let width = Int(frame.info.width), height = Int(frame.info.height)
        let stride = Int(frame.info.stride.0)
        guard let data = frame.data.0, stride >= width * 4 else { return }
        // The frame's time in the stream (a seek's segment counts from its start position).
        let pts = kiosk_gst_buffer_pts(buffer)
        var time = 0.0
        if kiosk_gst_clock_time_is_valid(pts) != 0 {
            let stream = gst_sample_get_segment(sample).map { gst_segment_to_stream_time($0, GST_FORMAT_TIME, pts) } ?? pts
            time = Double(kiosk_gst_clock_time_is_valid(stream) != 0 ? stream : pts) / 1e9
        }
        let d = kiosk_gst_buffer_duration(buffer)
        let duration = kiosk_gst_clock_time_is_valid(d) != 0 ? Double(d) / 1e9 : 0
        frames.write(width: width, height: height, time: time, duration: duration) { surface in
            let src = UnsafeRawPointer(data)
            for y in 0..<height {
                UnsafeMutableRawPointer(surface.base + y * surface.rowPixels).copyMemory(from: src + y * stride, byteCount: width * 4)
            }
        }
    }

    /// Any thread (the bus's sync handler): errors, end of stream, preroll, missing plugins.
    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        let type = kiosk_gst_message_type(message)
        if type == GST_MESSAGE_ELEMENT && gst_is_missing_plugin_message(message) != 0 {
            let what = gst_missing_plugin_message_get_description(message).map { p in defer { g_free(p) }; return String(cString: p) } ?? "a format"
            let detail = gst_missing_plugin_message_get_installer_detail(message).map { p in defer { g_free(p) }; return String(cString: p) } ?? ""
            // detail: gstreamer|1.0|app|description|decoder-video/x-h264, stream-format=…
            var caps = detail.split(separator: "|").last.map(String.init) ?? ""
            for prefix in ["decoder-", "encoder-", "element-", "urisource-", "urisink-"] where caps.hasPrefix(prefix) {
                caps.removeFirst(prefix.count)
            }
            let error = VideoError.missingPlugin(what: what, package: VideoError.debianPackage(forCaps: caps))
            pthread_mutex_lock(&mutex)
            if missing == nil { missing = error }
            pthread_mutex_unlock(&mutex)
            return
        }
        switch type {
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<gchar>?
            gst_message_parse_error(message, &error, &debug)
            let text = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            let domain = error?.pointee.domain ?? 0, code = error?.pointee.code ?? 0
            if let error { g_error_free(error) }
            if let debug { g_free(debug) }
            pthread_mutex_lock(&mutex)
            let missingPlugin = missing
            pthread_mutex_unlock(&mutex)
            let typed: VideoError
            if let missingPlugin {
                typed = missingPlugin
            } else if domain == kiosk_gst_stream_error() && code == Int32(GST_STREAM_ERROR_TYPE_NOT_FOUND.rawValue) {
                typed = .notAVideo(path: path, detail: text)
            } else if domain == kiosk_gst_resource_error() && code == Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue) {
                typed = .fileNotFound(path: path)
            } else if domain == kiosk_gst_stream_error() && (code == Int32(GST_STREAM_ERROR_CODEC_NOT_FOUND.rawValue) || code == Int32(GST_STREAM_ERROR_DEMUX.rawValue) || code == Int32(GST_STREAM_ERROR_WRONG_TYPE.rawValue)) {
                typed = .notAVideo(path: path, detail: text)
            } else if domain == kiosk_gst_core_error() && code == Int32(GST_CORE_ERROR_MISSING_PLUGIN.rawValue) {
                typed = .missingPlugin(what: text, package: nil)
            } else {
                typed = .playbackFailed(text)
            }
            frames.stopStream()
            post(.failed(typed))
        case GST_MESSAGE_EOS:
            // The end plays when the screen's clock passes the last frame (the buffer's onEnd):
            // the decoder ran ahead of it.
            break
        case GST_MESSAGE_ASYNC_DONE:
            pthread_mutex_lock(&mutex)
            prerolledFlag = true
            pthread_mutex_unlock(&mutex)
            post(.prerolled)
        default:
            break
        }
    }

    private func post(_ event: PipelineEvent) {
        DispatchQueue.main.async { [self] in
            if !stopped { events(event) }
        }
    }
}
#endif
