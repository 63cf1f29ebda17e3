// CGStreamer: GStreamer 1.x from Debian (libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev),
// VideoPlayer's decoder (Sources/KioskVideo). g_object_set is variadic and GStreamer's accessors
// are macros, which Swift cannot call: one typed wrapper each, no logic.
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gst/pbutils/missing-plugins.h>

static inline void kiosk_gst_set_string(gpointer object, const char *name, const char *value) { g_object_set(object, name, value, NULL); }
static inline void kiosk_gst_set_object(gpointer object, const char *name, gpointer value) { g_object_set(object, name, value, NULL); }
static inline void kiosk_gst_set_int(gpointer object, const char *name, gint value) { g_object_set(object, name, value, NULL); }
static inline void kiosk_gst_set_uint(gpointer object, const char *name, guint value) { g_object_set(object, name, value, NULL); }
static inline void kiosk_gst_set_bool(gpointer object, const char *name, gboolean value) { g_object_set(object, name, value, NULL); }

static inline GstMessageType kiosk_gst_message_type(GstMessage *m) { return GST_MESSAGE_TYPE(m); }
static inline GstObject *kiosk_gst_message_source(GstMessage *m) { return GST_MESSAGE_SRC(m); }
static inline GstClockTime kiosk_gst_buffer_pts(GstBuffer *b) { return GST_BUFFER_PTS(b); }
static inline GstClockTime kiosk_gst_buffer_duration(GstBuffer *b) { return GST_BUFFER_DURATION(b); }
static inline gboolean kiosk_gst_clock_time_is_valid(GstClockTime t) { return GST_CLOCK_TIME_IS_VALID(t); }
static inline GstElement *kiosk_gst_element(gpointer p) { return GST_ELEMENT(p); }
static inline GstBin *kiosk_gst_bin(gpointer p) { return GST_BIN(p); }
static inline GstAppSink *kiosk_gst_app_sink(gpointer p) { return GST_APP_SINK(p); }
static inline GQuark kiosk_gst_stream_error(void) { return GST_STREAM_ERROR; }
static inline GQuark kiosk_gst_core_error(void) { return GST_CORE_ERROR; }
static inline GQuark kiosk_gst_resource_error(void) { return GST_RESOURCE_ERROR; }
static inline GstEvent *kiosk_gst_probe_event(GstPadProbeInfo *info) { return GST_PAD_PROBE_INFO_EVENT(info); }
static inline GstEventType kiosk_gst_event_type(GstEvent *e) { return GST_EVENT_TYPE(e); }
