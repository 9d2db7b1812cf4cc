/// Elementary functions for the engine's modules, written here in Swift rather
/// than taken from the platform's C library: glibc, musl, wasi-libc and Apple's
/// libm round differently in the last bits (glibc even picks code by CPU), and
/// the engine promises the same frames, bit for bit, wherever it runs. Every
/// operation below is a plain IEEE addition, multiplication, division or square
/// root (no fused multiply-add, no table that differs by platform), so each
/// function returns the same double on every target.
///
/// Accuracy, against the correctly rounded result: under 1 ulp for `exp`,
/// `log`, `sin`, `cos` (|x| < 1.6e6; beyond that the reduction by π/2 loses
/// bits), `atan2` and `hypot`; `pow` is exact where the power is (integral
/// exponents up to 1024) and within a few ulp elsewhere.
@usableFromInline
package enum Math {
    @inlinable package static func exp(_ x: Double) -> Double { _exp(x) }
    @inlinable package static func log(_ x: Double) -> Double { _log(x) }
    @inlinable package static func sqrt(_ x: Double) -> Double { x.squareRoot() }
    @inlinable package static func sin(_ x: Double) -> Double { _sin(x) }
    @inlinable package static func cos(_ x: Double) -> Double { _cos(x) }
    @inlinable package static func atan2(_ y: Double, _ x: Double) -> Double { _atan2(y, x) }
    @inlinable package static func pow(_ x: Double, _ y: Double) -> Double { _pow(x, y) }
    @inlinable package static func hypot(_ x: Double, _ y: Double) -> Double { _hypot(x, y) }
}

// MARK: Exact arithmetic on pairs of doubles (hi + lo)

/// `a + b` as the rounded sum and its exact error.
@inline(__always) private func twoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
    let s = a + b
    let bb = s - a
    return (s, (a - (s - bb)) + (b - bb))
}

/// `a + b` as the rounded sum and its exact error, for |a| ≥ |b|.
@inline(__always) private func fastTwoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
    let s = a + b
    return (s, b - (s - a))
}

/// `a` as two halves of 26 bits (Veltkamp), for |a| < 2^995.
@inline(__always) private func split(_ a: Double) -> (hi: Double, lo: Double) {
    let t = 134_217_729.0 * a
    let hi = t - (t - a)
    return (hi, a - hi)
}

/// `a × b` as the rounded product and its exact error (Dekker), for |a|, |b| < 2^995.
@inline(__always) private func twoProduct(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
    let p = a * b
    let (ah, al) = split(a), (bh, bl) = split(b)
    return (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// The polynomial with `coefficients`, highest degree first, at `x` by Horner's
/// rule: `p = c₀`, then `p = cᵢ + x p` for each next coefficient. The one
/// evaluation order every series below uses (unrolled when inlined).
@inline(__always) private func horner<let n: Int>(_ x: Double, _ coefficients: InlineArray<n, Double>) -> Double {
    var p = coefficients[0]
    for i in 1..<n { p = coefficients[i] + x * p }
    return p
}

/// 2^n for −1022 ≤ n ≤ 1023.
@inline(__always) private func powerOfTwo(_ n: Int) -> Double {
    Double(bitPattern: UInt64(truncatingIfNeeded: 1023 + n) << 52)
}

/// `x` rounded to the nearest integer (ties to even) for |x| < 2^51, with
/// arithmetic alone (the same on every target; no rounding instruction needed).
@inline(__always) private func roundedToInteger(_ x: Double) -> Double {
    (x + 0x1.8p52) - 0x1.8p52
}

// MARK: exp and log

@usableFromInline func _exp(_ x: Double) -> Double {
    if !(x > -0x1.74910d52d3052p9) { return x.isNaN ? x : 0 }  // below −745.13: 0
    if x > 0x1.62e42fefa39efp9 { return .infinity }  // above 709.78
    return exponential(x, 0)
}

/// e^(x + xLow) for −745.2 < x < 709.8 and |xLow| ≤ ulp(x).
@inline(__always) private func exponential(_ x: Double, _ xLow: Double) -> Double {
    // x = n ln 2 + r, |r| ≤ ln 2 / 2; e^x = 2^n e^r.
    let n = roundedToInteger(x * 0x1.71547652b82fep0)
    let high = x - n * 0x1.62e42fee00000p-1  // exact: ln 2's first 32 bits times n ≤ 1075
    let low = n * 0x1.a39ef35793c76p-33 - xLow
    let r = high - low
    let correction = (high - r) - low
    // e^r − 1 − r by its Taylor series (|r| ≤ 0.347: the terms after r^13/13! are below 2^-56).
    let q = horner(
        r,
        [
            1.0 / 6_227_020_800, 1.0 / 479_001_600, 1.0 / 39_916_800, 1.0 / 3_628_800, 1.0 / 362_880, 1.0 / 40320,
            1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5,
        ])
    let (one, oneLow) = fastTwoSum(1, r)
    let e = one + (oneLow + (r * r * q + correction * (1 + r)))
    let k = Int(n)
    if k >= -1022 && k <= 1023 { return e * powerOfTwo(k) }
    return k > 0 ? e * 2 * powerOfTwo(k - 1) : (e * powerOfTwo(k + 1000)) * powerOfTwo(-1000)
}

@usableFromInline func _log(_ x: Double) -> Double {
    guard x > 0, x.isFinite else {
        if x == 0 { return -.infinity }
        return x < 0 || x.isNaN ? .nan : x
    }
    let (k, f) = logArgument(x)
    // log(1 + f) = 2s + 2s³/3 + 2s⁵/5 + … with s = f / (2 + f) = f − s f + s R.
    let s = f / (2 + f)
    let z = s * s
    let r = z * logSeries(z)
    let halfSquare = 0.5 * f * f
    let dk = Double(k)
    return dk * 0x1.62e42fee00000p-1 - ((halfSquare - (s * (halfSquare + r) + dk * 0x1.a39ef35793c76p-33)) - f)
}

/// x = 2^k (1 + f) with √2/2 ≤ 1 + f < √2, for finite x > 0 (f is exact).
@inline(__always) private func logArgument(_ x: Double) -> (k: Int, f: Double) {
    var x = x
    var k = 0
    if x < 0x1p-1022 {
        x *= 0x1p54
        k = -54
    }
    let bits = x.bitPattern
    k += Int((bits >> 52) & 0x7FF) - 1023
    var m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
    if m > 0x1.6a09e667f3bcdp0 {
        m *= 0.5
        k += 1
    }
    return (k, m - 1)
}

/// 2/3 + 2z/5 + 2z²/7 + … for 0 ≤ z ≤ 0.0295 (s² of `_log`; terms to z^10).
@inline(__always) private func logSeries(_ z: Double) -> Double {
    horner(z, [2.0 / 23, 2.0 / 21, 2.0 / 19, 2.0 / 17, 2.0 / 15, 2.0 / 13, 2.0 / 11, 2.0 / 9, 2.0 / 7, 2.0 / 5, 2.0 / 3])
}

/// log x as a pair hi + lo good to about 2^-60 relative, for finite x > 0.
private func logarithmPair(_ x: Double) -> (hi: Double, lo: Double) {
    let (k, f) = logArgument(x)
    // s = f / (2 + f) as a pair: 2 + f rounds, so carry its error, then the quotient's.
    let (d, dLow) = fastTwoSum(2, f)
    let s = f / d
    let (sd, sdLow) = twoProduct(s, d)
    let sLow = (((f - sd) - sdLow) - s * dLow) / d
    let z = s * s
    let tail = s * (z * logSeries(z))
    let dk = Double(k)
    let (a, aLow) = twoSum(dk * 0x1.62e42fee00000p-1, 2 * s)
    return fastTwoSum(a, aLow + (2 * sLow + tail + dk * 0x1.a39ef35793c76p-33))
}

// MARK: pow

@usableFromInline func _pow(_ x: Double, _ y: Double) -> Double {
    if y == 0 || x == 1 { return 1 }
    if x.isNaN || y.isNaN { return .nan }
    let yIsInteger = y.rounded(.towardZero) == y
    let yIsOdd = yIsInteger && abs(y) < 0x1p53 && Int64(y) & 1 != 0
    let ax = abs(x)
    if y.isInfinite {
        if ax == 1 { return 1 }
        return (ax < 1) == (y < 0) ? .infinity : 0
    }
    if ax == 0 || ax.isInfinite {
        // 0^y and ∞^y: 0 or ∞ by the signs, negative only for an odd y.
        let large = (ax == 0) == (y < 0)
        let magnitude: Double = large ? .infinity : 0
        return x.sign == .minus && yIsOdd ? -magnitude : magnitude
    }
    if x < 0 && !yIsInteger { return .nan }
    let sign: Double = x < 0 && yIsOdd ? -1 : 1
    if yIsInteger && abs(y) <= 1024, let power = integerPower(ax, Int(y)) { return sign * power }
    let (l, lLow) = logarithmPair(ax)
    let (p, pLow0) = twoProduct(y, l)
    let pLow = pLow0 + y * lLow
    if p > 709.8 { return sign * .infinity }
    if p < -745.2 { return sign * 0 }
    return sign * exponential(p, pLow)
}

/// x^n by squaring in pairs of doubles (about 2^-100 relative per step), then
/// rounded once; nil where the pairs would leave the range of normal doubles.
private func integerPower(_ x: Double, _ n: Int) -> Double? {
    guard x > 0x1p-400 && x < 0x1p400 else { return nil }
    var base = (hi: x, lo: 0.0)
    var result = (hi: 1.0, lo: 0.0)
    var e = n.magnitude
    func multiply(_ a: (hi: Double, lo: Double), _ b: (hi: Double, lo: Double)) -> (hi: Double, lo: Double)? {
        guard abs(a.hi) < 0x1p495 && abs(b.hi) < 0x1p495 && abs(a.hi) > 0x1p-495 && abs(b.hi) > 0x1p-495 else {
            return nil
        }
        let (p, pLow) = twoProduct(a.hi, b.hi)
        return fastTwoSum(p, pLow + (a.hi * b.lo + a.lo * b.hi))
    }
    while true {
        if e & 1 != 0 {
            guard let r = multiply(result, base) else { return nil }
            result = r
        }
        e >>= 1
        if e == 0 { break }
        guard let b = multiply(base, base) else { return nil }
        base = b
    }
    if n >= 0 { return result.hi + result.lo }
    // 1 / (hi + lo): the quotient, then its remainder's share.
    let q = 1 / result.hi
    let (qh, qhLow) = twoProduct(q, result.hi)
    let remainder = ((1 - qh) - qhLow) - q * result.lo
    return q + remainder / result.hi
}

// MARK: sin and cos

@usableFromInline func _sin(_ x: Double) -> Double {
    if abs(x) <= 0x1.921fb54442d18p-1 { return abs(x) < 0x1p-26 ? x : sineKernel(x, 0) }
    if !x.isFinite { return .nan }
    let (n, r, rLow) = reducedByHalfPi(x)
    switch n & 3 {
    case 0: return sineKernel(r, rLow)
    case 1: return cosineKernel(r, rLow)
    case 2: return -sineKernel(r, rLow)
    default: return -cosineKernel(r, rLow)
    }
}

@usableFromInline func _cos(_ x: Double) -> Double {
    if abs(x) <= 0x1.921fb54442d18p-1 { return cosineKernel(x, 0) }
    if !x.isFinite { return .nan }
    let (n, r, rLow) = reducedByHalfPi(x)
    switch n & 3 {
    case 0: return cosineKernel(r, rLow)
    case 1: return -sineKernel(r, rLow)
    case 2: return -cosineKernel(r, rLow)
    default: return sineKernel(r, rLow)
    }
}

/// x = n π/2 + (r + rLow) with |r| ≤ π/4 (a little more where x is huge). π/2
/// is split in parts of 33 bits, so that n times each is exact while |n| < 2^20:
/// two parts (86 bits) where r is not small, four where it is; beyond
/// |n| = 2^20 the result keeps fewer bits.
@inline(__always) private func reducedByHalfPi(_ x: Double) -> (n: Int, r: Double, rLow: Double) {
    let q = x * 0x1.45f306dc9c883p-1
    let n: Double, quadrant: Int
    if abs(q) < 0x1p50 {
        n = roundedToInteger(q)
        quadrant = Int(n)
    } else {
        n = q.rounded(.towardZero)
        quadrant = Int(n.truncatingRemainder(dividingBy: 4))
    }
    let a = x - n * 0x1.921fb54400000p0
    let w = n * 0x1.0b4611a626331p-34  // π/2 − the first part, rounded
    let r = a - w
    if abs(r) > 0x1p-5 { return (quadrant, r, (a - r) - w) }
    let (s1, e1) = twoSum(a, -(n * 0x1.0b4611a600000p-34))
    let (s2, e2) = twoSum(s1, -(n * 0x1.3198a2e000000p-69))
    let (r2, rLow) = fastTwoSum(s2, (e1 + e2) - n * 0x1.b839a252049c1p-104)
    return (quadrant, r2, rLow)
}

/// sin(x + y) for |x| ≤ π/4, |y| ≤ ulp(x): x + x³ P(x²), P fitted on Chebyshev
/// nodes (its error is below 2^-66 relative).
@inline(__always) private func sineKernel(_ x: Double, _ y: Double) -> Double {
    let z = x * x
    let p = horner(
        z,
        [
            -0x1.ab17bdcbd3414p-41, 0x1.61217ee5cca1bp-33, -0x1.ae64541295cdfp-26, 0x1.71de3a54607a5p-19,
            -0x1.a01a01a019937p-13, 0x1.1111111111110p-7, -0x1.5555555555555p-3,
        ])
    return x + (x * z * p + y * (1 - 0.5 * z))
}

/// cos(x + y) for |x| ≤ π/4, |y| ≤ ulp(x): 1 − x²/2 + x⁴ Q(x²) with x² exact, Q
/// fitted on Chebyshev nodes (its error is below 2^-60).
@inline(__always) private func cosineKernel(_ x: Double, _ y: Double) -> Double {
    let (z, zLow) = twoProduct(x, x)
    let p = horner(
        z,
        [
            -0x1.907d8f29fe831p-37, 0x1.1eeb68cd22f56p-29, -0x1.27e4fa17bf139p-22, 0x1.a01a019f4e9b4p-16,
            -0x1.6c16c16c16967p-10, 0x1.5555555555555p-5,
        ])
    let half = 0.5 * z
    let w = 1 - half
    return w + (((1 - w) - half) + (z * z * p - (0.5 * zLow + x * y)))
}

// MARK: atan2 and hypot

@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double {
    if x.isNaN || y.isNaN { return .nan }
    let ax = abs(x), ay = abs(y)
    let angle: (hi: Double, lo: Double)  // of (|x|, |y|), in [0, π/2]
    if ay == 0 {
        angle = (0, 0)
    } else if ax == 0 || (ay.isInfinite && ax.isFinite) {
        angle = (0x1.921fb54442d18p0, 0x1.1a62633145c07p-54)
    } else if ax.isInfinite {
        angle = ay.isInfinite ? (0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55) : (0, 0)
    } else if ay <= ax {
        angle = arctangentPair(quotientPair(ay, ax))
    } else {
        let a = arctangentPair(quotientPair(ax, ay))
        let (s, sLow) = fastTwoSum(0x1.921fb54442d18p0, -a.hi)
        angle = (s, sLow + (0x1.1a62633145c07p-54 - a.lo))
    }
    var result: Double
    if x.sign == .minus {
        let (s, sLow) = fastTwoSum(0x1.921fb54442d18p1, -angle.hi)
        result = s + (sLow + (0x1.1a62633145c07p-53 - angle.lo))
    } else {
        result = angle.hi + angle.lo
    }
    if y.sign == .minus { result = -result }
    return result
}

/// a / b (0 < a ≤ b, finite) as a pair: the quotient and its remainder's share.
@inline(__always) private func quotientPair(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
    let q = a / b
    guard b < 0x1p990 && b > 0x1p-900 && q > 0x1p-960 else { return (q, 0) }
    let (p, pLow) = twoProduct(q, b)
    return (q, ((a - p) - pLow) / b)
}

/// atan(a + aLow) for 0 ≤ a ≤ 1 as a pair: atan(c) for the nearest c = i/8
/// (`arctangentOfEighths`) plus atan((a − c) / (1 + a c)), whose argument is below 1/16.
@inline(__always) private func arctangentPair(_ a: (hi: Double, lo: Double)) -> (hi: Double, lo: Double) {
    let i = Int(roundedToInteger(a.hi * 8))
    let u: Double, uLow: Double
    if i == 0 {
        (u, uLow) = a
    } else {
        let c = Double(i) * 0.125
        let numerator = (a.hi - c) + a.lo  // a.hi − c is exact
        let (p, pLow) = twoProduct(a.hi, c)
        let (d, dLow0) = fastTwoSum(1, p)
        let dLow = dLow0 + pLow
        u = numerator / d
        let (ud, udLow) = twoProduct(u, d)
        uLow = (((numerator - ud) - udLow) - u * dLow) / d
    }
    // atan u − u by its Taylor series (|u| ≤ 1/16: terms to u^17).
    let z = u * u
    let p = horner(z, [1.0 / 17, -1.0 / 15, 1.0 / 13, -1.0 / 11, 1.0 / 9, -1.0 / 7, 1.0 / 5, -1.0 / 3])
    let tail = u * z * p + uLow * (1 - z)
    if i == 0 { return fastTwoSum(u, tail) }
    let c = arctangentOfEighths(i)
    let (s, sLow) = fastTwoSum(c.hi, u)
    return fastTwoSum(s, sLow + (c.lo + tail))
}

/// atan(i/8) for i = 1…8, as a pair hi + lo.
@inline(__always) private func arctangentOfEighths(_ i: Int) -> (hi: Double, lo: Double) {
    switch i {
    case 1: (0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59)
    case 2: (0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57)
    case 3: (0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56)
    case 4: (0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56)
    case 5: (0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58)
    case 6: (0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56)
    case 7: (0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56)
    default: (0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55)
    }
}

@usableFromInline func _hypot(_ x: Double, _ y: Double) -> Double {
    var a = abs(x), b = abs(y)
    if a.isInfinite || b.isInfinite { return .infinity }
    if a.isNaN || b.isNaN { return .nan }
    if a < b { swap(&a, &b) }
    if b == 0 || a > b * 0x1p54 { return a + b }
    // Scale into a range where the squares neither overflow nor lose bits (exact: powers of two).
    var scale = 1.0
    if a > 0x1p500 {
        a *= 0x1p-600
        b *= 0x1p-600
        scale = 0x1p600
    } else if b < 0x1p-500 {
        a *= 0x1p600
        b *= 0x1p600
        scale = 0x1p-600
    }
    let (aa, aaLow) = twoProduct(a, a)
    let (bb, bbLow) = twoProduct(b, b)
    let (s, sLow0) = twoSum(aa, bb)
    let sLow = sLow0 + (aaLow + bbLow)
    // √(s + sLow) = r + (s + sLow − r²) / 2r.
    let r = s.squareRoot()
    let (rr, rrLow) = twoProduct(r, r)
    return (r + (((s - rr) - rrLow) + sLow) / (2 * r)) * scale
}
