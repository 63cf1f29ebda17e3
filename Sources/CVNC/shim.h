// CVNC: libvncserver (Debian's libvncserver-dev), the RFB 3.8 server behind `--vnc`.
#include <rfb/rfb.h>

// rfbInitServer is a macro naming the variant the library was built as; Swift sees no macros.
static inline void kiosk_rfb_init_server(rfbScreenInfoPtr screen) { rfbInitServer(screen); }
