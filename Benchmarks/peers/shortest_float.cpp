// The shortest text that reads back as the same float or double (C++17's std::to_chars, Ryu-based in libstdc++),
// for box2d3_scenes.c's trajectory output: the fastest formatter a C or C++ program has in its standard library.
#include <charconv>

extern "C" int shortest_float(float value, char* out) {
    return static_cast<int>(std::to_chars(out, out + 32, value).ptr - out);
}

extern "C" int shortest_double(double value, char* out) {
    return static_cast<int>(std::to_chars(out, out + 32, value).ptr - out);
}
