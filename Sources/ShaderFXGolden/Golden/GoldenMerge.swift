import ShaderFXCore
import Foundation

/// Why shard reports cannot be merged; every case names the report folders concerned.
/// `description` is in the library's words; `shaderfx test --merge` words each case with its options.
package enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What two shard reports of one run must agree on.
    package enum RunField: Sendable, Equatable {
        case suite, suiteCases, filter, family, recordMode

        /// Its name in a message.
        package var name: String {
            switch self {
            case .suite: "suite"
            case .suiteCases: "list of the suite's cases"
            case .filter: "filter"
            case .family: "renderer family"
            case .recordMode: "record mode"
            }
        }
    }

    /// The folder or its report.json cannot be read, or is not a report.
    case unreadable(report: String, reason: String)
    /// The path given as a shard's report is not a folder.
    case notAFolder(report: String)
    /// The folder given as a shard's report holds no report.json.
    case noReportFile(report: String)
    /// The report was written by a run of the whole suite, not of one shard (`RunOptions.shard` nil).
    case notAShard(report: String)
    /// The report is of another suite or run than `reference`: `field` differs.
    case differentRun(report: String, field: RunField, found: String, reference: String, expected: String)
    /// The reports split the suite into different numbers of shards.
    case differentCounts(report: String, shard: String, reference: String, referenceShard: String)
    /// Two reports are the same shard.
    case duplicateShard(shard: String, reports: [String])
    /// Shards of 1...count that no report is.
    case missingShards(missing: [Int], count: Int, given: [Int])
    /// A case is in more than one report.
    case overlappingCase(name: String, reports: [String])
    /// A report holds a case its suite does not list.
    case unknownCase(name: String, report: String)
    /// Cases of the suite that no report holds.
    case uncoveredCases([String])
    /// A report picture cannot be copied.
    case picture(report: String, path: String, reason: String)
    /// The output folder is one of the reports.
    case outputIsInput(output: String, report: String)

    package var description: String {
        switch self {
        case let .unreadable(report, reason):
            return "\(report): \(reason)"
        case let .notAFolder(report):
            return "\(report): not a folder; give the report folder of a shard's run"
        case let .noReportFile(report):
            return "\(report): no report.json in it; give the report folder of a shard's run"
        case let .notAShard(report):
            return "\(report)/report.json: not the report of a shard's run (it records no shard); "
                + "merge the report folders of the runs of every shard K/N of the suite, one per shard"
        case let .differentRun(report, field, found, reference, expected):
            return "\(report) is not from the same suite run as \(reference): its \(field.name) is \(found), "
                + "\(reference)'s is \(expected); merge the shards of one run of one suite"
        case let .differentCounts(report, shard, reference, referenceShard):
            return "\(report) is shard \(shard) but \(reference) is shard \(referenceShard); "
                + "every shard must split the suite into the same number N"
        case let .duplicateShard(shard, reports):
            return "shard \(shard) is given twice (\(reports.joined(separator: ", "))); give each shard's report once"
        case let .missingShards(missing, count, given):
            let which = missing.count == 1 ? "shard \(missing[0])" : "shards \(missing.map(String.init).joined(separator: ", "))"
            return "missing \(which) of \(count): the reports given are shards \(given.map(String.init).joined(separator: ", ")) of \(count); "
                + "merge the report of every shard"
        case let .overlappingCase(name, reports):
            return "case '\(name)' is in more than one report (\(reports.joined(separator: ", "))); shards must not overlap"
        case let .unknownCase(name, report):
            return "\(report) holds case '\(name)', which is not among the suite's cases it lists"
        case let .uncoveredCases(names):
            return "the shards do not cover the suite: no report holds \(names.map { "'\($0)'" }.joined(separator: ", "))"
        case let .picture(report, path, reason):
            return "\(report): picture \(path): \(reason)"
        case let .outputIsInput(output, report):
            return "the merged report's folder \(output) is the report \(report) being merged; give another folder"
        }
    }
}

/// `shaderfx test --merge`: the reports of a suite's N shards (`--shard K/N`) checked to be
/// one run's shards, all of them, not overlapping, then combined into one report as if the
/// whole suite had run in one process: its cases in suite order, its counts, and its pictures
/// copied into the merged report's `images/` under names kept unique.
package enum GoldenMerge {
    /// One shard's report as read from its folder.
    package struct ShardReport {
        /// The folder, as given.
        package let folder: String
        package let outcome: SuiteOutcome
        /// `outcome.shard`, present.
        package let shard: ShardRecord
    }

    /// Reads `folder/report.json`, which must be a shard's report.
    package static func read(_ folder: String) throws(MergeError) -> ShardReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notAFolder(report: folder)
        }
        let file = folder + "/report.json"
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(file)
        } catch {
            if case .missing = error.problem {
                throw .noReportFile(report: folder)
            }
            throw .unreadable(report: file, reason: error.reason)
        }
        let data = Data(bytes)
        let outcome: SuiteOutcome
        do {
            _ = try JSONValue.parse(data, file: file)
            outcome = try JSONDecoder().decode(SuiteOutcome.self, from: data)
        } catch let error as JSONError {
            throw .unreadable(report: folder, reason: "\(error)")
        } catch let error as DecodingError {
            throw .unreadable(report: folder, reason: "\(describe(error, file: file)) (not a report of 'shaderfx test')")
        } catch {
            throw .unreadable(report: folder, reason: "\(file): \(error)")
        }
        guard let shard = outcome.shard else { throw .notAShard(report: folder) }
        guard Shard(index: shard.index, count: shard.count) != nil else {
            throw .unreadable(report: folder, reason: "\(file): shard: \(shard.shard) is not a shard K/N with 1 <= K <= N")
        }
        return ShardReport(folder: folder, outcome: outcome, shard: shard)
    }

    /// Checks that `reports` are every shard of one run of one suite, each once, with no case
    /// twice, every case of the suite in one of them, and every picture they name in place.
    package static func check(_ reports: [ShardReport]) throws(MergeError) {
        guard let first = reports.first else { return }
        func quoted(_ text: String?) -> String { text.map { "'\($0)'" } ?? "none" }
        // A list of cases as its length and what it has that the other lacks.
        func cases(_ list: [String], beside other: [String]) -> String {
            let extra = list.filter { !other.contains($0) }
            guard !extra.isEmpty else { return "\(list.count) cases" }
            return "\(list.count) cases, with " + extra.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (extra.count > 3 ? ", ..." : "")
        }
        for report in reports.dropFirst() {
            let a = report.outcome, b = first.outcome
            let fields: [(field: MergeError.RunField, same: Bool, found: String, expected: String)] = [
                (.suite, a.suite == b.suite, quoted(a.suite), quoted(b.suite)),
                (.suiteCases, report.shard.suiteCases == first.shard.suiteCases,
                 cases(report.shard.suiteCases, beside: first.shard.suiteCases), cases(first.shard.suiteCases, beside: report.shard.suiteCases)),
                (.filter, report.shard.filter == first.shard.filter, quoted(report.shard.filter), quoted(first.shard.filter)),
                (.family, a.family == b.family, quoted(a.family), quoted(b.family)),
                (.recordMode, a.recordMode == b.recordMode, quoted(a.recordMode.rawValue), quoted(b.recordMode.rawValue)),
            ]
            for field in fields where !field.same {
                throw .differentRun(report: report.folder, field: field.field, found: field.found, reference: first.folder, expected: field.expected)
            }
            guard report.shard.count == first.shard.count else {
                throw .differentCounts(report: report.folder, shard: report.shard.shard, reference: first.folder, referenceShard: first.shard.shard)
            }
        }
        let count = first.shard.count
        var byIndex: [Int: [String]] = [:]
        for report in reports { byIndex[report.shard.index, default: []].append(report.folder) }
        for index in byIndex.keys.sorted() where byIndex[index]!.count > 1 {
            throw .duplicateShard(shard: "\(index)/\(count)", reports: byIndex[index]!)
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            throw .missingShards(missing: missing, count: count, given: byIndex.keys.sorted())
        }
        let suiteCases = Set(first.shard.suiteCases)
        var holder: [String: String] = [:]
        for report in reports {
            for item in report.outcome.cases {
                guard suiteCases.contains(item.name) else { throw .unknownCase(name: item.name, report: report.folder) }
                if let other = holder[item.name] { throw .overlappingCase(name: item.name, reports: [other, report.folder]) }
                holder[item.name] = report.folder
            }
        }
        let uncovered = first.shard.suiteCases.filter { holder[$0] == nil }
        if !uncovered.isEmpty { throw .uncoveredCases(uncovered) }
        // Every picture is there before anything is written.
        for report in reports {
            for item in report.outcome.cases {
                for frame in item.frames {
                    for path in frame.images.values.sorted() { _ = try source(of: path, in: report.folder) }
                }
            }
        }
    }

    /// Where picture `path` of the report in `folder` is: a file inside the folder's images/.
    private static func source(of path: String, in folder: String) throws(MergeError) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "images", parts.count >= 2, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw .picture(report: folder, path: path, reason: "not a path inside the report's images/ folder")
        }
        let source = folder + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .picture(report: folder, path: path, reason: "no such file; copy the whole report folder of each shard")
        }
        guard let real = WriteScope.resolve(source), let base = WriteScope.resolve(folder), real.hasPrefix(base == "/" ? "/" : base + "/") else {
            throw .picture(report: folder, path: path, reason: "leads outside the report folder (a symbolic link)")
        }
        return source
    }

    /// Refuses an output folder that is one of the reports (preparing it would remove their pictures).
    package static func checkOutput(_ output: String, reports: [String]) throws(MergeError) {
        guard let target = WriteScope.resolve(output) else { return }
        for report in reports where WriteScope.resolve(report) == target {
            throw .outputIsInput(output: output, report: report)
        }
    }

    /// Merges `reports`, which `check(_:)` accepted, into the prepared report folder `output`:
    /// copies every picture into `output/images/` and returns the outcome whose picture paths
    /// are relative to `output`.
    package static func merge(_ reports: [ShardReport], into output: String) throws(MergeError) -> SuiteOutcome {
        let first = reports[0]
        let ordered = reports.sorted { $0.shard.index < $1.shard.index }
        var renderers: [String] = []
        for report in ordered where !renderers.contains(report.outcome.renderer) { renderers.append(report.outcome.renderer) }
        var merged = SuiteOutcome(suite: first.outcome.suite, renderer: renderers.joined(separator: "; "), family: first.outcome.family,
                                  recordMode: first.outcome.recordMode, passed: 0, failed: 0, recorded: 0, cases: [],
                                  mergedFrom: ordered.map { MergedShard(index: $0.shard.index, count: $0.shard.count, report: $0.folder,
                                                                       cases: $0.outcome.cases.map(\.name)) })
        var found: [String: (CaseOutcome, ShardReport)] = [:]
        for report in ordered {
            for item in report.outcome.cases { found[item.name] = (item, report) }
        }
        let scope = WriteScope([output])
        var used: Set<String> = []
        for name in first.shard.suiteCases {
            guard let entry = found[name] else { continue }
            var item = entry.0
            let report = entry.1
            for f in item.frames.indices {
                for (kind, path) in item.frames[f].images.sorted(by: { $0.key < $1.key }) {
                    item.frames[f].images[kind] = try copyPicture(path, from: report.folder, into: output, scope: scope, used: &used)
                }
            }
            merged.append(item)
        }
        return merged
    }

    /// Copies `path` (relative to `folder`) to the same path in `output`, or to a name made
    /// unique with `-2`, `-3`, ...; returns the path used, relative to `output`.
    private static func copyPicture(_ path: String, from folder: String, into output: String, scope: WriteScope,
                                    used: inout Set<String>) throws(MergeError) -> String {
        let source = try source(of: path, in: folder)
        let bytes: [UInt8]
        do { bytes = try InputFile.read(source) } catch {
            throw .picture(report: folder, path: path, reason: error.reason)
        }
        var target = path
        var n = 2
        while used.contains(target) {
            let stem = (path as NSString).deletingPathExtension, ext = (path as NSString).pathExtension
            target = "\(stem)-\(n)" + (ext.isEmpty ? "" : ".\(ext)")
            n += 1
        }
        used.insert(target)
        let destination = output + "/" + target
        do {
            try scope.check(destination, what: "merged report picture")
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try OutputFile.write(bytes, to: destination, durable: false)
        } catch {
            throw .picture(report: folder, path: path, reason: "cannot write \(destination): \(error)")
        }
        return target
    }

    /// A decoding error as `file: cases[1].status: what`.
    private static func describe(_ error: DecodingError, file: String) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text
        }
        switch error {
        case let .keyNotFound(key, context):
            return JSONError(file: file, path: path(context.codingPath + [key]), problem: .missingField).description
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            return JSONError(file: file, path: path(context.codingPath), message: "expected a value of type \(type)").description
        case let .dataCorrupted(context):
            return JSONError(file: file, path: path(context.codingPath), message: context.debugDescription).description
        @unknown default:
            return "\(file): \(error)"
        }
    }
}
