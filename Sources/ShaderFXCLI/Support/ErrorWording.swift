import ShaderFX
import ShaderFXCore

/// The libraries' errors carry values (the size, the limit, the backend); the command line
/// words them here with its own options (`--max-pixels`, `--scale`, `--backend`, `shaderfx info`),
/// which the libraries know nothing of.
enum ErrorWording {
    /// What the command line prints for `error`.
    static func message(_ error: any Error) -> String {
        switch error {
        case let error as RenderBudgetError: message(error)
        case let error as GPUError: message(error)
        case let error as ImageError: message(error)
        case let error as ParameterError:
            // A picture parameter's file refused by the budget: worded as the budget's own error.
            if let cause = error.cause, cause is RenderBudgetError || cause is ImageError {
                "--\(error.parameter): cannot read the picture: \(message(cause))"
            } else {
                "\(error)"
            }
        default: "\(error)"
        }
    }

    static func message(_ error: RenderBudgetError) -> String {
        switch error.kind {
        case .empty:
            return error.problem
        case .dimension:
            return error.problem + "; render smaller or at a lower --scale"
        case .pixels:
            guard let suggested = error.suggestedMaxPixels else { return error.problem + "; render smaller" }
            return error.problem + "; raise it with --max-pixels \(suggested) if the machine has the memory, or render smaller"
        }
    }

    static func message(_ error: GPUError) -> String {
        switch error {
        case let .noDisplay(backend, reason):
            return "no EGL display on the '\(backend)' backend: \(reason). "
                + "Try --backend surfaceless (Mesa llvmpipe; apt-get install libegl-mesa0 libgl1-mesa-dri), "
                + "or check the driver with 'shaderfx info'"
        case let .noDevice(requested, available):
            return "no EGL device \(requested): \(available) found; 'shaderfx info' lists them"
        default:
            return "\(error)"
        }
    }

    static func message(_ error: ImageError) -> String {
        guard case let .tooLarge(path, width, height, .pixelBudget(maximum)) = error else { return "\(error)" }
        let pixels = width.multipliedReportingOverflow(by: height).partialValue
        return "\(path): image is \(width)x\(height) = \(pixels) pixels, over the pixel budget of \(maximum) pixels; "
            + "scale it down or raise the budget with --max-pixels"
    }
}
