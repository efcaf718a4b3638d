import KineticCore

// The narrow phase: contact manifolds for polygon, circle and segment pairs, after Box2D v3's `manifold.c`
// (SAT both ways, reference face + incident edge clipping, vertex–vertex fallback for disjoint shapes, rounded
// shapes as a core polygon plus a radius). Written here from the published algorithm, in points.

/// A polygon's vertices and normals in some frame, without owning them.
struct PolygonView {
    var vertices: UnsafeMutablePointer<Point>
    var normals: UnsafeMutablePointer<Point>
    var count: Int
    var radius: Double

    @inline(__always) func next(_ i: Int) -> Int { i + 1 < count ? i + 1 : 0 }
}

/// Reusable buffers for the polygons moved into A's frame (no allocation per pair).
struct CollisionScratch {
    let localA: PolygonView
    let localB: PolygonView

    init() {
        let capacity = BodyShape.maximumPolygonVertices
        localA = PolygonView(
            vertices: .allocate(capacity: capacity), normals: .allocate(capacity: capacity), count: 0, radius: 0)
        localB = PolygonView(
            vertices: .allocate(capacity: capacity), normals: .allocate(capacity: capacity), count: 0, radius: 0)
    }

    /// Views over `storage` (at least ``storageCount`` points), which the caller owns: the narrow phase gives
    /// each block of contacts its own, on the stack.
    init(storage: UnsafeMutablePointer<Point>) {
        let capacity = BodyShape.maximumPolygonVertices
        localA = PolygonView(vertices: storage, normals: storage + capacity, count: 0, radius: 0)
        localB = PolygonView(vertices: storage + 2 * capacity, normals: storage + 3 * capacity, count: 0, radius: 0)
    }

    /// The points ``init(storage:)`` needs.
    static let storageCount = 4 * BodyShape.maximumPolygonVertices

    func deallocate() {
        localA.vertices.deallocate()
        localA.normals.deallocate()
        localB.vertices.deallocate()
        localB.normals.deallocate()
    }
}

/// The edge of `poly1` with the largest separation from `poly2`, and that separation.
@inline(__always) func findMaxSeparation(_ poly1: PolygonView, _ poly2: PolygonView) -> (
    edge: Int, separation: Double
) {
    var best = 0
    var maxSeparation = -Double.greatestFiniteMagnitude
    for i in 0..<poly1.count {
        let n = poly1.normals[i]
        let v1 = poly1.vertices[i]
        var si = Double.greatestFiniteMagnitude
        for j in 0..<poly2.count {
            let sij = dot(n, poly2.vertices[j] - v1)
            if sij < si { si = sij }
        }
        if si > maxSeparation {
            maxSeparation = si
            best = i
        }
    }
    return (best, maxSeparation)
}

/// Clips the incident edge against the reference edge: up to two points (Box2D's `b2ClipPolygons`).
@inline(__always) private func clipPolygons(
    _ polyA: PolygonView, _ polyB: PolygonView, edgeA: Int, edgeB: Int, flip: Bool, speculativeDistance: Double
) -> Manifold {
    let poly1: PolygonView
    let poly2: PolygonView
    let i11: Int
    let i21: Int
    if flip {
        poly1 = polyB
        poly2 = polyA
        i11 = edgeB
        i21 = edgeA
    } else {
        poly1 = polyA
        poly2 = polyB
        i11 = edgeA
        i21 = edgeB
    }
    let i12 = poly1.next(i11)
    let i22 = poly2.next(i21)
    let normal = poly1.normals[i11]
    let v11 = poly1.vertices[i11]
    let v12 = poly1.vertices[i12]
    let v21 = poly2.vertices[i21]
    let v22 = poly2.vertices[i22]
    let tangent = normal.leftPerpendicular
    let lower1 = 0.0
    let upper1 = dot(v12 - v11, tangent)
    // The incident edge runs against the tangent (both polygons wind the same way).
    let upper2 = dot(v21 - v11, tangent)
    let lower2 = dot(v22 - v11, tangent)
    var vLower = v22
    if lower2 < lower1 && upper2 - lower2 > 1e-12 {
        vLower = v22 + (v21 - v22) * ((lower1 - lower2) / (upper2 - lower2))
    }
    var vUpper = v21
    if upper2 > upper1 && upper2 - lower2 > 1e-12 {
        vUpper = v22 + (v21 - v22) * ((upper1 - lower2) / (upper2 - lower2))
    }
    let separationLower = dot(vLower - v11, normal)
    let separationUpper = dot(vUpper - v11, normal)
    let r1 = poly1.radius
    let r2 = poly2.radius
    // Put the points midway between the rounded surfaces.
    vLower = multiplyAdd(vLower, 0.5 * (r1 - r2 - separationLower), normal)
    vUpper = multiplyAdd(vUpper, 0.5 * (r1 - r2 - separationUpper), normal)
    let radius = r1 + r2
    var manifold = Manifold()
    if !flip {
        manifold.normal = normal
        if separationLower - radius <= speculativeDistance {
            manifold.append(
                ManifoldPoint(anchorA: vLower, separation: separationLower - radius, id: featureId(i11, i22)))
        }
        if separationUpper - radius <= speculativeDistance {
            manifold.append(
                ManifoldPoint(anchorA: vUpper, separation: separationUpper - radius, id: featureId(i12, i21)))
        }
    } else {
        manifold.normal = -normal
        if separationUpper - radius <= speculativeDistance {
            manifold.append(
                ManifoldPoint(anchorA: vUpper, separation: separationUpper - radius, id: featureId(i21, i12)))
        }
        if separationLower - radius <= speculativeDistance {
            manifold.append(
                ManifoldPoint(anchorA: vLower, separation: separationLower - radius, id: featureId(i22, i11)))
        }
    }
    return manifold
}

@inline(__always) private func featureId(_ a: Int, _ b: Int) -> UInt16 { UInt16(truncatingIfNeeded: a << 8 | b) }

/// Closest points of segments p1–q1 and p2–q2: the fractions along each and the squared distance.
@inline(__always) func segmentDistance(_ p1: Point, _ q1: Point, _ p2: Point, _ q2: Point)
    -> (fraction1: Double, fraction2: Double, distanceSquared: Double)
{
    let d1 = q1 - p1
    let d2 = q2 - p2
    let r = p1 - p2
    let dd1 = dot(d1, d1)
    let dd2 = dot(d2, d2)
    let rd1 = dot(r, d1)
    let rd2 = dot(r, d2)
    var f1 = 0.0
    var f2 = 0.0
    let epsilon = 1e-18
    if dd1 < epsilon || dd2 < epsilon {
        if dd1 >= epsilon {
            f1 = min(max(-rd1 / dd1, 0), 1)
        } else if dd2 >= epsilon {
            f2 = min(max(rd2 / dd2, 0), 1)
        }
    } else {
        let d12 = dot(d1, d2)
        let denominator = dd1 * dd2 - d12 * d12
        if denominator != 0 { f1 = min(max((d12 * rd2 - rd1 * dd2) / denominator, 0), 1) }
        f2 = (d12 * f1 + rd2) / dd2
        if f2 < 0 {
            f2 = 0
            f1 = min(max(-rd1 / dd1, 0), 1)
        } else if f2 > 1 {
            f2 = 1
            f1 = min(max((d12 - rd1) / dd1, 0), 1)
        }
    }
    let c1 = multiplyAdd(p1, f1, d1)
    let c2 = multiplyAdd(p2, f2, d2)
    return (f1, f2, (c1 - c2).lengthSquared)
}

/// Polygon (or segment, as a 2-gon) against polygon. `polyA`/`polyB` are in their bodies' frames.
func collidePolygons(
    _ polyA: PolygonView, _ transformA: RigidTransform, _ polyB: PolygonView, _ transformB: RigidTransform,
    speculativeDistance: Double, linearSlop: Double, scratch: CollisionScratch
) -> Manifold {
    // Work in A's frame. (Box2D also moves A's first vertex to the origin to save float round-off; in double
    // precision the vertices, already relative to A's centre of mass, are small enough.)
    let relative = RigidTransform.relative(transformA, transformB)
    let localA = polyA
    var localB = scratch.localB
    localB.count = polyB.count
    localB.radius = polyB.radius
    for i in 0..<polyB.count {
        localB.vertices[i] = relative.apply(polyB.vertices[i])
        localB.normals[i] = relative.q.rotate(polyB.normals[i])
    }
    let radius = localA.radius + localB.radius
    var (edgeA, separationA) = findMaxSeparation(localA, localB)
    if separationA > speculativeDistance + radius { return Manifold() }
    var (edgeB, separationB) = findMaxSeparation(localB, localA)
    if separationB > speculativeDistance + radius { return Manifold() }
    // The reference face is on the polygon with the larger separation (A wins near-ties).
    let flip: Bool
    if separationB > separationA + 0.1 * linearSlop {
        flip = true
        let search = localB.normals[edgeB]
        var minDot = Double.greatestFiniteMagnitude
        edgeA = 0
        for i in 0..<localA.count {
            let d = dot(search, localA.normals[i])
            if d < minDot {
                minDot = d
                edgeA = i
            }
        }
    } else {
        flip = false
        let search = localA.normals[edgeA]
        var minDot = Double.greatestFiniteMagnitude
        edgeB = 0
        for i in 0..<localB.count {
            let d = dot(search, localB.normals[i])
            if d < minDot {
                minDot = d
                edgeB = i
            }
        }
    }
    var manifold: Manifold
    if max(separationA, separationB) > 0.1 * linearSlop {
        // Clearly apart: the nearest features may be two vertices rather than an edge.
        let i11 = edgeA
        let i12 = localA.next(edgeA)
        let i21 = edgeB
        let i22 = localB.next(edgeB)
        let v11 = localA.vertices[i11]
        let v12 = localA.vertices[i12]
        let v21 = localB.vertices[i21]
        let v22 = localB.vertices[i22]
        let result = segmentDistance(v11, v12, v21, v22)
        // Parallel edges (a face above a face) have no single nearest vertex pair: the segment distance picks an
        // arbitrary end, which would give one corner point and a spin. Clip them as an edge contact instead.
        let e1 = v12 - v11
        let e2 = v22 - v21
        let parallel = abs(cross(e1, e2)) <= 1e-9 * (e1.length * e2.length)
        let vertexPair: (Int, Int)?
        if parallel {
            vertexPair = nil
        } else if result.fraction1 == 0 && result.fraction2 == 0 {
            vertexPair = (i11, i21)
        } else if result.fraction1 == 0 && result.fraction2 == 1 {
            vertexPair = (i11, i22)
        } else if result.fraction1 == 1 && result.fraction2 == 0 {
            vertexPair = (i12, i21)
        } else if result.fraction1 == 1 && result.fraction2 == 1 {
            vertexPair = (i12, i22)
        } else {
            vertexPair = nil
        }
        if let (ia, ib) = vertexPair {
            let distance = result.distanceSquared.squareRoot()
            if distance > speculativeDistance + radius { return Manifold() }
            let vA = localA.vertices[ia]
            let vB = localB.vertices[ib]
            let normal = (vB - vA).normalizedOrZero
            let cA = multiplyAdd(vA, localA.radius, normal)
            let cB = multiplyAdd(vB, -localB.radius, normal)
            manifold = Manifold()
            manifold.normal = normal
            manifold.append(
                ManifoldPoint(anchorA: (cA + cB) * 0.5, separation: distance - radius, id: featureId(ia, ib)))
        } else {
            manifold = clipPolygons(
                localA, localB, edgeA: edgeA, edgeB: edgeB, flip: flip, speculativeDistance: speculativeDistance)
        }
    } else {
        manifold = clipPolygons(
            localA, localB, edgeA: edgeA, edgeB: edgeB, flip: flip, speculativeDistance: speculativeDistance)
    }
    manifold.toWorld(origin: .zero, transformA: transformA, transformB: transformB)
    return manifold
}

/// Polygon (A) against circle (B): the circle's centre is `centerB` in B's frame, radius `radiusB`.
func collidePolygonAndCircle(
    _ polygon: PolygonView, _ transformA: RigidTransform, centerB: Point, radiusB: Double,
    _ transformB: RigidTransform, speculativeDistance: Double
) -> Manifold {
    let c = transformA.inverseApply(transformB.apply(centerB))
    let radius = polygon.radius
    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    for i in 0..<polygon.count {
        let s = dot(polygon.normals[i], c - polygon.vertices[i])
        if s > separation {
            separation = s
            normalIndex = i
        }
    }
    if separation - radius - radiusB > speculativeDistance { return Manifold() }
    let v1 = polygon.vertices[normalIndex]
    let v2 = polygon.vertices[polygon.next(normalIndex)]
    let u1 = dot(c - v1, v2 - v1)
    let u2 = dot(c - v2, v1 - v2)
    var manifold = Manifold()
    let normal: Point
    let cA: Point
    if (u1 < 0 || u2 < 0) && separation > 1e-12 && polygon.count > 1 {
        // Nearest to a vertex and safely outside.
        let vertex = u1 < 0 ? v1 : v2
        normal = (c - vertex).normalizedOrZero
        let distance = dot(c - vertex, normal)
        if distance - radius - radiusB > speculativeDistance { return Manifold() }
        cA = multiplyAdd(vertex, radius, normal)
    } else {
        normal = polygon.normals[normalIndex]
        cA = multiplyAdd(c, radius - dot(c - v1, normal), normal)
    }
    let cB = multiplyAdd(c, -radiusB, normal)
    manifold.normal = normal
    manifold.append(ManifoldPoint(anchorA: (cA + cB) * 0.5, separation: dot(cB - cA, normal), id: 0))
    manifold.toWorld(origin: .zero, transformA: transformA, transformB: transformB)
    return manifold
}

/// Segment (A, ends p1–p2 in A's frame) against circle (B).
func collideSegmentAndCircle(
    _ p1: Point, _ p2: Point, _ transformA: RigidTransform, centerB: Point, radiusB: Double,
    _ transformB: RigidTransform, speculativeDistance: Double
) -> Manifold {
    let c = transformA.inverseApply(transformB.apply(centerB))
    let e = p2 - p1
    let length2 = e.lengthSquared
    let t = length2 > 0 ? min(max(dot(c - p1, e) / length2, 0), 1) : 0
    let closest = multiplyAdd(p1, t, e)
    return circleManifold(
        closest, radiusA: 0, c, radiusB: radiusB, transformA: transformA, transformB: transformB,
        speculativeDistance: speculativeDistance)
}

/// Circle against circle, centres in A's frame.
func collideCircles(
    centerA: Point, radiusA: Double, _ transformA: RigidTransform, centerB: Point, radiusB: Double,
    _ transformB: RigidTransform, speculativeDistance: Double
) -> Manifold {
    let c = transformA.inverseApply(transformB.apply(centerB))
    return circleManifold(
        centerA, radiusA: radiusA, c, radiusB: radiusB, transformA: transformA, transformB: transformB,
        speculativeDistance: speculativeDistance)
}

@inline(__always) private func circleManifold(
    _ pA: Point, radiusA: Double, _ pB: Point, radiusB: Double, transformA: RigidTransform,
    transformB: RigidTransform, speculativeDistance: Double
) -> Manifold {
    let delta = pB - pA
    let distance = delta.length
    let separation = distance - radiusA - radiusB
    if separation > speculativeDistance { return Manifold() }
    let normal = distance > 1e-12 ? delta / distance : Point(x: 0, y: 1)
    let cA = multiplyAdd(pA, radiusA, normal)
    let cB = multiplyAdd(pB, -radiusB, normal)
    var manifold = Manifold()
    manifold.normal = normal
    manifold.append(ManifoldPoint(anchorA: (cA + cB) * 0.5, separation: separation, id: 0))
    manifold.toWorld(origin: .zero, transformA: transformA, transformB: transformB)
    return manifold
}

/// A lower bound of the distance between two shapes' surfaces (negative when they overlap), for continuous
/// collision: the largest separation along any face normal of either shape (for a circle, its centre against the
/// other's faces), minus the radii. A polygon view with `count` 1 is a circle centred on its vertex.
func separationLowerBound(
    _ polyA: PolygonView, _ transformA: RigidTransform, _ polyB: PolygonView, _ transformB: RigidTransform,
    scratch: CollisionScratch
) -> Double {
    let radius = polyA.radius + polyB.radius
    if polyA.count == 1 || polyB.count == 1 {
        // A circle against something: its centre against the other's faces (or centre).
        let (shape, shapeTransform, circle, circleTransform) =
            polyB.count == 1 ? (polyA, transformA, polyB, transformB) : (polyB, transformB, polyA, transformA)
        let c = shapeTransform.inverseApply(circleTransform.apply(circle.vertices[0]))
        if shape.count == 1 { return (c - shape.vertices[0]).length - radius }
        var best = -Double.greatestFiniteMagnitude
        for i in 0..<shape.count { best = max(best, dot(shape.normals[i], c - shape.vertices[i])) }
        return best - radius
    }
    let relative = RigidTransform.relative(transformA, transformB)
    var localB = scratch.localB
    localB.count = polyB.count
    localB.radius = polyB.radius
    for i in 0..<polyB.count {
        localB.vertices[i] = relative.apply(polyB.vertices[i])
        localB.normals[i] = relative.q.rotate(polyB.normals[i])
    }
    return max(findMaxSeparation(polyA, localB).separation, findMaxSeparation(localB, polyA).separation) - radius
}
