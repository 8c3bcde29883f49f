#include "floor.h"
