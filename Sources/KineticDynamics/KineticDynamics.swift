/// KineticDynamics: a 2D rigid-body engine and UIKit Dynamics' API on top of it.
import KineticCore
