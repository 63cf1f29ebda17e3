// CFontconfig: font discovery and per-character fallback.
#include <fontconfig/fontconfig.h>
