// KineticOutput: every effect to every format in one call — pixels, video and vectors, to a file or to memory.
// See KineticOutput.docc for the overview.
