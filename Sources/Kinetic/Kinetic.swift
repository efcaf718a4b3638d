// The umbrella module: `import Kinetic` brings in the engine and the effects.
@_exported import KineticAnimation
@_exported import KineticCore
@_exported import KineticDynamics
@_exported import KineticEffects
@_exported import KineticLayers
