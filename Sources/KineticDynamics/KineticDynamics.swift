/// KineticDynamics: a 2D rigid-body engine in Swift and, on top of it, UIKit Dynamics' API.
///
/// - ``PhysicsWorld``: the engine (points, seconds, y down; Box2D v3's soft-step solver with substeps, soft
///   contacts, relax and restitution passes, speculative contacts, sleeping islands; deterministic bit for bit).
///   Contacts are solved colour by colour (constraint graph colouring), four constraints of a colour at a time in
///   SIMD lanes in single precision (as Box2D's; bodies' states stay doubles), so that
///   ``PhysicsSettings/threadCount`` threads can share the work with the same bits as one.
///   Bodies are ``BodyDefinition``s with a ``BodyShape`` (boxes with optional corner radius, convex polygons,
///   circles, boundary segments); ``PhysicsSettings`` holds the tunables and their defaults.
/// - ``DynamicAnimator`` and its behaviours (``GravityBehavior``, ``CollisionBehavior``, ``DynamicItemBehavior``,
///   ``PushBehavior``, ``SnapBehavior``, ``AttachmentBehavior``, ``FieldBehavior``) act on ``DynamicItem``s with
///   UIKit's names, units and defaults; time is passed in with ``DynamicAnimator/advance(by:)``.
/// - ``SceneSimulation`` runs a JSON ``DynamicsScene`` and prints trajectories (`kinetic simulate`, docs/simulate.md).
import KineticCore
