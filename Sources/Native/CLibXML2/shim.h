#ifndef MAMCONF_CLIBXML2_SHIM_H
#define MAMCONF_CLIBXML2_SHIM_H
/* The order matters: Debian builds libxml2 with ICU, and the system ICU headers clash with
   Foundation's private ICU module on a clean build. Dropping the ICU part of encoding.h avoids it;
   we never touch the ICU fields of xmlCharEncodingHandler. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function-pointer variable, which Swift 6 rejects as shared mutable state. */
static inline void clibxml2_free(void *p) { xmlFree(p); }
#endif
