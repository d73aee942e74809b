import ShaderFX
import ShaderFXCore
import ShaderFXGolden

/// The libraries' errors carry values (the size, the limit, the backend, the report folder); the
/// command line words them here with its own options (`--max-pixels`, `--scale`, `--backend`,
/// `--function`, `--report`, `--shard`, `--filter`, `shaderfx info`), which the libraries know
/// nothing of.
enum ErrorWording {
    /// What the command line prints for `error`.
    static func message(_ error: any Error) -> String {
        switch error {
        case let error as RenderBudgetError: message(error)
        case let error as GPUError: message(error)
        case let error as ImageError: message(error)
        case let error as ShaderError: message(error)
        case let error as GoldenSuiteError: message(error)
        case let error as MergeError: message(error)
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

    static func message(_ error: ShaderError) -> String {
        guard case let .functionNotChosen(file, candidates) = error, !candidates.isEmpty else { return "\(error)" }
        return "\(file): several effect functions, choose one with --function: \(candidates.joined(separator: ", "))"
    }

    /// `shaderfx test`'s words: the suite's help, the `--report` folder.
    static func message(_ error: GoldenSuiteError) -> String {
        switch error {
        case let .noCases(suite):
            "\(suite): no cases: a suite holds <case>.json files (see 'shaderfx test --help')"
        case let .reportFolderIsAFile(path):
            "\(path): --report: a file is in the way; give a folder"
        case let .reportFolderOccupied(path):
            "\(path): --report: the folder holds other files and no report.json; give an empty or new folder"
        }
    }

    /// `shaderfx test --merge`'s words: the shards' `--report` folders of `--shard K/N` runs.
    static func message(_ error: MergeError) -> String {
        let shardRun = "give the --report folder of a 'shaderfx test --shard K/N' run"
        switch error {
        case let .notAFolder(report):
            return "\(report): not a folder; \(shardRun)"
        case let .noReportFile(report):
            return "\(report): no report.json in it; \(shardRun)"
        case let .notAShard(report):
            return "\(report)/report.json: not the report of a --shard run (it records no shard); "
                + "merge the report folders of 'shaderfx test SUITE --shard K/N', one per shard"
        case let .differentRun(report, .filter, found, reference, expected):
            return "\(report) is not from the same suite run as \(reference): its --filter is \(found), "
                + "\(reference)'s is \(expected); merge the shards of one run of one suite"
        case let .outputIsInput(output, report):
            return "--report \(output) is the report \(report) being merged; give another folder"
        case .unreadable, .differentRun, .differentCounts, .duplicateShard, .missingShards, .overlappingCase,
             .unknownCase, .uncoveredCases, .picture:
            return "\(error)"
        }
    }
}
