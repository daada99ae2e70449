/* See wire.h. */
#include "wire.h"
