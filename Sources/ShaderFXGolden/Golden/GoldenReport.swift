import Foundation


/// The report of a golden-suite run: `report.json` (a `SuiteOutcome`) and `index.html`, which
/// shows expected, actual and difference side by side for every frame, with a slider and a flip
/// button between expected and actual. The HTML has no outside assets: its style and script are
/// inline and its pictures are the files in `images/` beside it.
package enum GoldenReport {
    /// Writes both files into `folder` (which exists), each atomically.
    package static func write(_ outcome: SuiteOutcome, to folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try OutputFile.write(Array(encoder.encode(outcome)), to: folder + "/report.json")
        try OutputFile.write(Array(html(outcome).utf8), to: folder + "/index.html")
    }

    /// The HTML page.
    package static func html(_ outcome: SuiteOutcome) -> String {
        var summary = "\(outcome.passed) passed, \(outcome.failed) failed"
        if outcome.recorded > 0 { summary += ", \(outcome.recorded) recorded" }
        var body = """
            <h1>Golden suite <code>\(escape(outcome.suite))</code>: \(summary)</h1>
            <p class="meta">Renderer \(escape(outcome.renderer)); references of family <b>\(escape(outcome.family))</b>, \
            then common; record mode <b>\(outcome.recordMode.rawValue)</b>.</p>

            """
        if let shard = outcome.shard {
            body += "<p class=\"meta\">Shard <b>\(shard.shard)</b>: \(outcome.cases.count) of the suite's \(shard.suiteCases.count) cases"
                + (shard.filter.map { " (filtered: names containing <code>\(escape($0))</code>)" } ?? "")
                // The one merge of shard reports there is, whichever ran the shards (the CLI or GoldenSuite from Swift).
                + "; <code>shaderfx test --merge</code> combines the shards' reports.</p>\n"
        }
        if let shards = outcome.mergedFrom {
            let parts = shards.map { "<code>\(escape($0.report))</code> (shard \($0.index)/\($0.count), \($0.cases.count) case\($0.cases.count == 1 ? "" : "s"))" }
            body += "<p class=\"meta\">Merged from \(shards.count) shard report\(shards.count == 1 ? "" : "s"): \(parts.joined(separator: ", ")).</p>\n"
        }
        // Shown by the script (it does nothing without one): without JavaScript every case shows.
        body += """
            <p class="filter" hidden><label><input type="checkbox" id="failures-only"> show failures only</label> \
            <small>(a link to index.html#failures opens the page filtered)</small></p>

            """
        if outcome.failed == 0 { body += "<p class=\"no-failures\">No case failed.</p>\n" }
        body += "<ul class=\"index\">\n"
        for c in outcome.cases {
            body += "<li class=\"\(c.status.rawValue)\"><a href=\"#\(anchor(c.name))\">\(label(c.status)) \(escape(c.name))</a></li>\n"
        }
        body += "</ul>\n"
        for c in outcome.cases {
            body += section(c)
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(outcome.suite)): \(summary)</title>
            <style>\(style)</style>
            </head>
            <body>
            \(body)
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    private static func section(_ c: CaseOutcome) -> String {
        var html = "<section class=\"case \(c.status.rawValue)\" id=\"\(anchor(c.name))\">\n"
        html += "<h2>\(label(c.status)) \(escape(c.name)) <small>\(escape(c.effect)) · \(escape(c.file))</small></h2>\n"
        if let description = c.description { html += "<p>\(escape(description))</p>\n" }
        if !c.message.isEmpty { html += "<pre class=\"message\">\(escape(c.message))</pre>\n" }
        for frame in c.frames {
            html += "<div class=\"frame \(frame.status.rawValue)\">\n"
            let preposition = frame.status == .recorded ? "into" : "against"
            html += "<h3>\(label(frame.status)) \(escape(frame.name))\(frame.reference.map { " <small>\(preposition) \(escape($0))</small>" } ?? "")</h3>\n"
            if !frame.message.isEmpty { html += "<p class=\"message\">\(escape(frame.message))</p>\n" }
            if let report = frame.comparison { html += "<p class=\"numbers\">\(escape(numbers(report)))</p>\n" }
            html += "<div class=\"row\">\n"
            for kind in ["expected", "actual", "diff"] {
                guard let src = frame.images[kind] else { continue }
                html += "<figure><img src=\"\(url(src))\" alt=\"\(kind)\"><figcaption>\(kind)</figcaption></figure>\n"
            }
            if let expected = frame.images["expected"], let actual = frame.images["actual"] {
                html += """
                    <figure class="compare"><div class="stack"><img src="\(url(expected))" alt="expected">\
                    <img class="top" src="\(url(actual))" alt="actual" style="clip-path: inset(0 0 0 50%)"></div>
                    <figcaption><input type="range" min="0" max="100" value="50" aria-label="slide between expected (left) and actual (right)"> \
                    <button type="button">flip</button> <span class="which">expected | actual</span></figcaption></figure>

                    """
            }
            html += "</div>\n</div>\n"
        }
        return html + "</section>\n"
    }

    private static func numbers(_ r: ComparisonReport) -> String {
        if r.identical { return "identical" }
        let at = r.maxDeltaAt.map { " at \($0)" } ?? ""
        let psnr = r.psnr.isFinite ? "\(CompareFormat.fixed(r.psnr, 1)) dB" : "inf"
        var text = "\(r.differentPixels) differing pixels (\(CompareFormat.fixed(r.differentRatio * 100, 3))%), "
            + "\(r.antialiasedPixels) anti-aliased; largest delta \(CompareFormat.fixed(r.maxDelta, 4))\(at); "
            + "PSNR \(psnr); SSIM \(CompareFormat.fixed(r.ssim, 4)); threshold \(CompareFormat.number(r.options.threshold))"
        // What else judged or excused pixels (the diff picture draws shifted pixels cyan, ignored violet).
        if r.options.shiftTolerance > 0 { text += "; \(r.shiftedPixels) shifted (within \(r.options.shiftTolerance) px)" }
        // A mask is not part of the options' JSON: a merged report knows it by the pixels it left out.
        if r.options.ignoresPixels || r.ignoredPixels > 0 { text += "; \(r.ignoredPixels) ignored (mask, rectangles)" }
        if !r.options.regions.isEmpty { text += "; \(r.options.regions.count) region thresholds" }
        if let mean = r.flipMean, let limit = r.options.maxMeanFLIP {
            text = "metric ꟻLIP: mean error \(CompareFormat.fixed(mean, 4)), at most \(CompareFormat.number(limit)) (diff: its error map); " + text
        } else {
            text = "metric YIQ (pixels over the threshold); " + text
        }
        return text
    }

    private static func label(_ status: CaseOutcome.Status) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .recorded: "RECORDED"
        }
    }

    private static func label(_ status: FrameOutcome.Status) -> String {
        switch status {
        case .passed: "PASS"
        case .failed: "FAIL"
        case .recorded: "RECORDED"
        }
    }

    /// A fragment identifier for a case name.
    private static func anchor(_ name: String) -> String {
        "case-" + String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    /// A relative file path as a URL in an attribute: percent-encoded, then escaped.
    package static func url(_ path: String) -> String {
        escape(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }

    /// Text safe inside HTML elements and attribute values.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    private static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; background: #fafafa; color: #222; }
        code, pre { font-family: ui-monospace, monospace; }
        .meta { color: #555; }
        .index { columns: 3; list-style: none; padding: 0; }
        .passed > h2, li.passed a, .frame.passed h3 { color: #16803c; }
        .failed > h2, li.failed a, .frame.failed h3 { color: #c0262d; }
        .recorded > h2, li.recorded a, .frame.recorded h3 { color: #9a6700; }
        section.case { border-top: 1px solid #ddd; padding-top: .5em; margin-top: 1.5em; }
        h2 small, h3 small { color: #777; font-weight: normal; }
        .message { white-space: pre-wrap; }
        .row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure { margin: 0; }
        figcaption { color: #555; font-size: 12px; }
        img { display: block; max-width: 480px; image-rendering: pixelated;
              background: repeating-conic-gradient(#ccc 0 25%, #999 0 50%) 0 0 / 16px 16px; }
        .stack { position: relative; display: inline-block; }
        .stack img.top { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
        .filter small { color: #777; }
        .no-failures { display: none; }
        body.failures-only .no-failures { display: block; }
        body.failures-only .index li:not(.failed), body.failures-only section.case:not(.failed) { display: none; }
        """

    /// The slider moves the edge between expected (left) and actual (right); flip shows one
    /// whole picture, then the other. "show failures only" hides the cases that did not fail;
    /// it is on when the page is opened as index.html#failures, and puts #failures in the
    /// address while on, so the filtered page can be linked to.
    private static let script = """
        (function () {
          var box = document.getElementById('failures-only');
          box.closest('.filter').hidden = false;
          function apply(on) {
            box.checked = on;
            document.body.classList.toggle('failures-only', on);
          }
          box.addEventListener('change', function () {
            apply(box.checked);
            // A browser that refuses to change a file: page's address still filters.
            try { history.replaceState(null, '', box.checked ? '#failures' : location.pathname + location.search); } catch (e) {}
          });
          window.addEventListener('hashchange', function () { if (location.hash === '#failures') apply(true); });
          apply(location.hash === '#failures');
        })();
        document.querySelectorAll('figure.compare').forEach(function (figure) {
          var top = figure.querySelector('img.top'), range = figure.querySelector('input');
          var which = figure.querySelector('.which'), button = figure.querySelector('button');
          function show(value) {
            top.style.clipPath = 'inset(0 0 0 ' + value + '%)';
            which.textContent = value >= 100 ? 'expected' : value <= 0 ? 'actual' : 'expected | actual';
          }
          range.addEventListener('input', function () { show(range.value); });
          button.addEventListener('click', function () {
            range.value = range.value >= 100 ? 0 : 100;
            show(range.value);
          });
        });
        """
}
