/* See seal.h. */
#include "seal.h"
