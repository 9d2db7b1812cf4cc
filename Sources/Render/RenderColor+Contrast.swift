import Animator

extension RenderColor {
    /// The text colour that reads on a background: the default near-black
    /// (#1c1c1f) on light backgrounds, a near-white (#f4f4f2) on dark ones,
    /// whichever has the higher contrast. A translucent background is judged
    /// over white, as a page shows it.
    ///
    /// ```swift
    /// RenderColor.readableText(on: .black)   // #f4f4f2
    /// RenderColor.readableText(on: .white)   // #1c1c1f
    /// ```
    public static func readableText(on background: RenderColor) -> RenderColor {
        let dark = RenderStyle.defaultTextColor, light = RenderColor(red: 0.957, green: 0.957, blue: 0.949)
        return light.contrast(with: background) > dark.contrast(with: background) ? light : dark
    }

    /// The contrast ratio of two colours as WCAG 2 defines it, from 1 (the
    /// same) to 21 (black on white); text reads well at 4.5 and above, large
    /// text at 3. Translucent colours are judged over white.
    public func contrast(with other: RenderColor) -> Double {
        let a = onWhite.relativeLuminance, b = other.onWhite.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour as it shows over white.
    private var onWhite: RenderColor {
        let a = min(max(alpha, 0), 1)
        return RenderColor(red: red * a + 1 - a, green: green * a + 1 - a, blue: blue * a + 1 - a)
    }

    /// WCAG 2's relative luminance of sRGB components: 0 black … 1 white.
    private var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let c = min(max(c, 0), 1)
            return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}
