// CHarfBuzz: HarfBuzz shaping with its FreeType integration.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
