/// KineticAnimation: timing curves, Core Animation timing, springs, animations, the Animator and FrameTicker.
import KineticCore
