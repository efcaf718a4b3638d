/// KineticEffects: the motion effects (elevator number, collapse, shimmer, count-up, and the layer showcase), each a
/// builder from a small spec with documented defaults to layers and animations, so any renderer can draw it.
import KineticDynamics
import KineticLayers
