#ifndef MAMCONF_CLIBYAML_SHIM_H
#define MAMCONF_CLIBYAML_SHIM_H
/* libyaml's event API, for the suite loader's scan for anchors and aliases before anything is composed
   (Yams, which composes, does not expose events). */
#include <yaml.h>
#endif
