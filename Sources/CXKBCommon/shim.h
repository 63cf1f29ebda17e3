// CXKBCommon: libxkbcommon's keymap compiler, key state and compose (dead keys, Compose key).
// No X11 or Wayland parts: keymaps are compiled from the XKB data files (xkb-data) by RMLVO names.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-keysyms.h>
