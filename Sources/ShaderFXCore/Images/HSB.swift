import Foundation

/// Hue, saturation and brightness (HSV) to red, green and blue, each in 0...1, the hue wrapping
/// around: SwiftUI's `Color(hue:saturation:brightness:)`.
package func hsbToRGB(hue: Double, saturation s: Double, brightness v: Double) -> (red: Double, green: Double, blue: Double) {
    let h6 = (hue - hue.rounded(.down)) * 6
    let sector = min(Int(h6.rounded(.down)), 5)
    let f = h6 - Double(sector)
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    switch sector {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
}
