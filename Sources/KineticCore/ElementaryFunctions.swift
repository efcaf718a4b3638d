// Trigonometry without Foundation or Glibc: KineticCore imports nothing but the standard library, and the
// standard library has no sin/cos. These are accurate to a few ulps over the whole Double range that matters for
// animation and geometry (|x| < 1e9), which the tests check against known values.

/// The sine and cosine of `x` radians, computed together.
@inlinable public func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    // x = r + k·π/2 with r in [−π/4, π/4].
    let k = nearestWhole(x * 0.636_619_772_367_581_4)
    let (sinR, cosR) = reducedSineCosine(x, halfPiMultiple: k)
    // The quadrant k mod 4 (two's complement keeps it right for negative k). Below 2⁵² k converts to an Int64
    // exactly (its low bits are all the quadrant needs, on 32-bit platforms too); above, the remainder by 4 first.
    // Then (sin, cos) of x is (sinR, cosR), (cosR, −sinR), (−sinR, −cosR) or (−cosR, sinR): chosen by selects and
    // sign flips rather than a branch on a quadrant that changes from one call to the next.
    let quadrant =
        abs(k) < 0x1p52 ? Int(truncatingIfNeeded: Int64(k)) & 3 : Int(k.truncatingRemainder(dividingBy: 4)) & 3
    let swapsHalves = quadrant & 1 != 0
    let sine = swapsHalves ? cosR : sinR
    let cosine = swapsHalves ? sinR : cosR
    let sineSign = UInt64(quadrant & 2) << 62  // quadrants 2 and 3
    let cosineSign = UInt64((quadrant + 1) & 2) << 62  // quadrants 1 and 2
    return (Double(bitPattern: sine.bitPattern ^ sineSign), Double(bitPattern: cosine.bitPattern ^ cosineSign))
}

/// The sine and cosine of r = x − k·π/2, with π/2 in two parts for accuracy (Cody–Waite): for k the whole number
/// nearest x·2/π, r is in [−π/4, π/4] (give or take the rounding of k·π/2, about |x|·1e-16), where Taylor series to
/// degree 17/16 keep the truncation error under 1e-17.
@inlinable @inline(__always)
func reducedSineCosine(_ x: Double, halfPiMultiple k: Double) -> (sin: Double, cos: Double) {
    let r = ((x - k * 1.570_796_326_794_896_558) - k * 6.123_233_995_736_766e-17)
    let r2 = r * r
    var s = 1.0 / 355_687_428_096_000.0
    s = s * r2 - 1.0 / 1_307_674_368_000.0
    s = s * r2 + 1.0 / 6_227_020_800.0
    s = s * r2 - 1.0 / 39_916_800.0
    s = s * r2 + 1.0 / 362_880.0
    s = s * r2 - 1.0 / 5040.0
    s = s * r2 + 1.0 / 120.0
    s = s * r2 - 1.0 / 6.0
    let sinR = r + r * r2 * s
    var c = 1.0 / 20_922_789_888_000.0
    c = c * r2 - 1.0 / 87_178_291_200.0
    c = c * r2 + 1.0 / 479_001_600.0
    c = c * r2 - 1.0 / 3_628_800.0
    c = c * r2 + 1.0 / 40320.0
    c = c * r2 - 1.0 / 720.0
    c = c * r2 + 1.0 / 24.0
    c = c * r2 - 0.5
    let cosR = 1 + r2 * c
    return (sinR, cosR)
}

/// `value.rounded()` (to the nearest whole number, halves away from zero), without a call into the C library
/// where the baseline x86-64 target has no rounding instruction: from truncation for |value| < 2⁵²; every other
/// value (whole already, infinite or NaN) goes to `rounded()`. The same Double, the sign of a zero included.
@inlinable @inline(__always)
func nearestWhole(_ value: Double) -> Double {
    guard abs(value) < 0x1p52 else { return value.rounded() }
    let truncated = Double(Int64(value))
    // value − truncated is exact, with value's sign and a magnitude below 1.
    let fraction = value - truncated
    let whole = fraction >= 0.5 ? truncated + 1 : (fraction <= -0.5 ? truncated - 1 : truncated)
    return Double(signOf: value, magnitudeOf: whole)
}

/// The angle of the vector (x, y) in radians, in −π…π, like C's `atan2(y, x)`.
@inlinable public func atan2Approx(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x)
    let ay = abs(y)
    // atan on [0, 1] of the smaller over the larger, then fold into the right octant.
    let swap = ay > ax
    let q = swap ? ax / ay : ay / ax
    var angle = arctangentUnit(q)
    if swap { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
}

/// atan(q) for q in [0, 1], accurate to about 1e-16.
@inlinable func arctangentUnit(_ q: Double) -> Double {
    // Reduce with atan(q) = π/6 + atan((q√3 − 1)/(√3 + q)) when q > 2 − √3, then a short odd series.
    let sqrt3 = 1.732_050_807_568_877_2
    var offset = 0.0
    var x = q
    if x > 0.267_949_192_431_122_7 {
        x = (x * sqrt3 - 1) / (sqrt3 + x)
        offset = Double.pi / 6
    }
    return offset + x * arctangentQuotient(x * x)
}

/// atan(x)/x for |x| ≤ 2 − √3 ≈ 0.268, from x² (`squared`): the odd series 1 − x²/3 + x⁴/5 − …, which converges as
/// 0.072ⁿ there, to x²⁴/25 (13 terms reach 1e-17), in Horner's form from the highest term down. Each coefficient ±1/n
/// is a constant, the quotient a division at run time gives, so the same bits without 13 divisions a call (the
/// physics takes an arctangent of each turning body's rotation every step).
@inlinable @inline(__always)
func arctangentQuotient(_ squared: Double) -> Double {
    var sum = 1.0 / 25
    sum = sum * squared - 1.0 / 23
    sum = sum * squared + 1.0 / 21
    sum = sum * squared - 1.0 / 19
    sum = sum * squared + 1.0 / 17
    sum = sum * squared - 1.0 / 15
    sum = sum * squared + 1.0 / 13
    sum = sum * squared - 1.0 / 11
    sum = sum * squared + 1.0 / 9
    sum = sum * squared - 1.0 / 7
    sum = sum * squared + 1.0 / 5
    sum = sum * squared - 1.0 / 3
    return sum * squared + 1
}

/// e^x, accurate to a few ulps (standard library only): the same bits on every platform, where libm's `exp` may
/// differ by an ulp from one C library to another.
@inlinable public func exponential(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    // x = k·ln2 + r with |r| ≤ ln2/2 (ln2 in two parts, so that k·ln2 is exact), e^x = 2^k · (1 + (e^r − 1)).
    let k = nearestWhole(x * 1.442_695_040_888_963_4)
    let r = (x - k * 0.693_147_180_369_123_8) - k * 1.908_214_929_270_587_7e-10
    let mantissa = 1 + exponentialMinusOneReduced(r)
    // Below 2^−1021 the result is subnormal: scale to a normal number first, so that the one rounding is the last
    // multiplication's (2^k alone is not representable below 2^−1074).
    if k < -1021 { return mantissa * scaleByPowerOfTwo(Int(k) + 64) * 0x1p-64 }
    return mantissa * scaleByPowerOfTwo(Int(k))
}

/// e^x − 1, accurate to a few ulps, near 0 too, where `exponential(x) − 1` would lose the digits (standard
/// library only; libm's `expm1`).
@inlinable public func exponentialMinusOne(_ x: Double) -> Double {
    if x.isNaN { return .nan }
    if abs(x) <= 0.346_573_590_279_972_65 { return exponentialMinusOneReduced(x) }  // |x| ≤ ln2/2
    if x < -38 { return -1 }  // e^x below half an ulp of 1
    return exponential(x) - 1
}

/// e^r − 1 for |r| ≤ ln2/2: the Taylor series to r¹⁴ (the next term is below 10⁻¹⁸), in Horner's form, so that
/// it keeps full relative precision as r → 0.
@inlinable func exponentialMinusOneReduced(_ r: Double) -> Double {
    var sum = 1.0 / 87_178_291_200  // 1/14!
    sum = sum * r + 1.0 / 6_227_020_800
    sum = sum * r + 1.0 / 479_001_600
    sum = sum * r + 1.0 / 39_916_800
    sum = sum * r + 1.0 / 3_628_800
    sum = sum * r + 1.0 / 362_880
    sum = sum * r + 1.0 / 40_320
    sum = sum * r + 1.0 / 5_040
    sum = sum * r + 1.0 / 720
    sum = sum * r + 1.0 / 120
    sum = sum * r + 1.0 / 24
    sum = sum * r + 1.0 / 6
    sum = sum * r + 0.5
    sum = sum * r + 1
    return sum * r
}

@inlinable func scaleByPowerOfTwo(_ k: Int) -> Double {
    if k > 1023 { return Double(sign: .plus, exponent: 1023, significand: 1) * scaleByPowerOfTwo(k - 1023) }
    if k < -1022 { return Double(sign: .plus, exponent: -1022, significand: 1) * scaleByPowerOfTwo(k + 1022) }
    return Double(sign: .plus, exponent: k, significand: 1)
}

/// The natural logarithm of `x` (standard library only); NaN for negative x, −∞ for 0.
@inlinable public func logarithm(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return .infinity }
    // x = m · 2^e with m in [√½, √2): ln x = e·ln2 + 2·atanh((m − 1)/(m + 1)).
    var e = Double(x.exponent)
    var m = x.significand
    if m > 1.414_213_562_373_095 {
        m /= 2
        e += 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var sum = 0.0
    var n = 31.0
    while n >= 1 {
        sum = sum * s2 + 1 / n
        n -= 2
    }
    return e * 0.693_147_180_559_945_3 + 2 * s * sum
}

/// x raised to the power y for x > 0 (standard library only); 0 for x = 0 and y > 0.
@inlinable public func power(_ x: Double, _ y: Double) -> Double {
    if x == 0 { return y > 0 ? 0 : (y == 0 ? 1 : .infinity) }
    if x == 1 || y == 0 { return 1 }
    return exponential(y * logarithm(x))
}
