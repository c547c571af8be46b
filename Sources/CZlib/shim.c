// The module's code is in include/CZlib.h; SwiftPM needs one source file for a C target.
#include "CZlib.h"
