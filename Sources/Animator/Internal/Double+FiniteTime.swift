extension Double {
    /// A time an evaluation can use: itself when finite, long after the end
    /// (the largest finite time) for +∞, the start (0) for −∞ and NaN.
    @inline(__always)
    var finiteTime: Double {
        isFinite ? self : (self > 0 ? Double.greatestFiniteMagnitude : 0)
    }
}
