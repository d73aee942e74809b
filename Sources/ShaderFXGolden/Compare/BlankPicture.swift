import ShaderFXCore

/// Why a rendered picture is suspect even when it matches its reference: it is wholly
/// transparent, one colour all over, or, for an effect over a picture, that picture unchanged.
/// A test that records such a picture and then compares against it passes while the shader was
/// never found, never enabled or never read its input; `render`, `animate`, `transition` and
/// `batch` warn, and golden cases, `expectImage` and `expectView` fail unless told the picture
/// may be blank.
public enum BlankPicture: Sendable, Equatable, CustomStringConvertible {
    /// Every pixel has alpha 0.
    case transparent
    /// Every pixel is this straight 8-bit colour (not transparent).
    case uniform(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    /// Every pixel is the input's, as a PNG holds them.
    case unchanged

    /// What is wrong, then what to look at.
    public var description: String {
        switch self {
        case .transparent:
            return "every pixel is transparent: look at the input (alpha multiplies a premultiplied colour, so a transparent input stays transparent), isEnabled, and whether the function returns a colour with alpha (half4(0) is nothing)"
        case let .uniform(r, g, b, a):
            return "every pixel is rgba(\(r), \(g), \(b), \(a)): look at whether the function reads its position and colour (one that returns a constant draws one colour), and at the input"
        case .unchanged:
            return "the effect changed nothing, every pixel is the input's: look at isEnabled, at parameters that make it do nothing (a strength, radius or time of 0), and at whether the function returns its colour as it came"
        }
    }

    /// What is wrong with `frame`, nil when nothing is.
    /// - Parameter input: the picture the effect ran over, when there is one, for `.unchanged`
    ///   (compared only when the sizes agree).
    public static func check(_ frame: StraightFrame, input: StraightFrame? = nil) -> BlankPicture? {
        let count = frame.width * frame.height
        guard count > 0 else { return nil }
        let uniform: Bool = frame.bytes.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            let first = pixels[0]
            for p in pixels where p != first { return false }
            return true
        }
        if uniform {
            let b = frame.bytes
            return b[3] == 0 ? .transparent : .uniform(red: b[0], green: b[1], blue: b[2], alpha: b[3])
        }
        if let input, input.width == frame.width, input.height == frame.height, input.bytes == frame.bytes {
            return .unchanged
        }
        return nil
    }

    /// What is wrong with a premultiplied picture, judged as the PNG of it would hold it.
    public static func check(_ image: RGBAImage, input: RGBAImage? = nil) -> BlankPicture? {
        check(StraightFrame(image: image), input: input.map(StraightFrame.init(image:)))
    }
}
