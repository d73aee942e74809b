import Foundation
import Testing
@testable import ShaderFXUI

/// The view a view file's source evaluates to.
func evaluated(_ source: String, file: String = "Test.swift", settings: ViewFileSettings = ViewFileSettings()) throws -> AnyView {
    try ViewFileProgram(source: source, file: file).makeView(settings: settings)
}

/// Every node's exact frame, in tree order: two views with the same list laid out the same.
func frames<V: View>(_ view: V, _ proposal: ProposedViewSize = ProposedViewSize(width: 300, height: 400)) throws -> [CGRect] {
    try viewLayout(view, proposal).root.all.map(\.exactFrame)
}

/// The error evaluating `source` throws (nil when it evaluates).
func evaluationError(_ source: String, file: String = "Test.swift", settings: ViewFileSettings = ViewFileSettings()) -> ViewFileError? {
    do throws(ViewFileError) {
        _ = try ViewFileProgram(source: source, file: file).makeView(settings: settings)
        return nil
    } catch {
        return error
    }
}

/// `LINE:COLUMN` of the first occurrence of `needle` in `source` (1-based, columns in UTF-8
/// bytes), counted here from the text itself: the oracle for an error's location.
func place(of needle: String, in source: String, occurrence: Int = 1) -> String {
    var searchStart = source.startIndex
    var found = source.startIndex
    for _ in 0..<occurrence {
        guard let range = source.range(of: needle, range: searchStart..<source.endIndex) else { return "not found" }
        found = range.lowerBound
        searchStart = range.upperBound
    }
    let before = source[..<found]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { source.index(after: $0) } ?? source.startIndex
    let column = source[lineStart..<found].utf8.count + 1
    return "\(line):\(column)"
}

/// Constructs evaluate to the view the same Swift builds: the frames of every node agree.
@Suite struct ViewFileEvaluatorTests {
    @Test func stacksTextAndModifiersLayOutAsSwift() throws {
        let source = """
        import SwiftUI
        VStack(alignment: .leading, spacing: 4) {
            Text("Hello").font(.title)
            HStack(spacing: 0) {
                Color.red.frame(width: 20, height: 10)
                Spacer()
                Circle().fill(.blue).frame(width: 30)
            }
            .padding(8)
            Rectangle()
                .frame(maxWidth: .infinity, minHeight: 12)
                .padding(.horizontal, 5)
                .offset(x: 3, y: -2)
        }
        .frame(width: 200)
        """
        let swift = VStack(alignment: .leading, spacing: 4) {
            Text("Hello").font(.title)
            HStack(spacing: 0) {
                Color.red.frame(width: 20, height: 10)
                Spacer()
                Circle().fill(.blue).frame(width: 30)
            }
            .padding(8)
            Rectangle()
                .frame(maxWidth: .infinity, minHeight: 12)
                .padding(.horizontal, 5)
                .offset(x: 3, y: -2)
        }
        .frame(width: 200)
        let expected = try frames(swift)
        #expect(expected.count > 6)
        #expect(try frames(evaluated(source)) == expected)
    }

    @Test func userStructsMethodsAndControlFlow() throws {
        let source = """
        import SwiftUI

        enum Size { case small, large }

        struct Badge: View {
            var title: String
            var size: Size = .small
            var count = 3

            var side: Double {
                switch size {
                case .small: return 10
                case .large: return 24
                }
            }

            func bar(_ i: Int) -> some View {
                Color.blue.frame(width: side, height: Double(i + 1) * 2)
            }

            var body: some View {
                HStack(alignment: .bottom, spacing: 2) {
                    Text(title)
                    ForEach(0..<count, id: \\.self) { i in
                        bar(i)
                    }
                    if count > 2 {
                        Color.green.frame(width: 5, height: 5)
                    } else {
                        Color.red.frame(width: 50, height: 50)
                    }
                }
            }
        }

        VStack(spacing: 0) {
            Badge(title: "A")
            Badge(title: "B", size: .large, count: 1)
        }
        """
        func badge(_ title: String, side: CGFloat, count: Int) -> some View {
            HStack(alignment: .bottom, spacing: 2) {
                Text(title)
                ForEach(0..<count, id: \.self) { i in
                    Color.blue.frame(width: side, height: CGFloat(i + 1) * 2)
                }
                if count > 2 {
                    Color.green.frame(width: 5, height: 5)
                } else {
                    Color.red.frame(width: 50, height: 50)
                }
            }
        }
        let swift = VStack(spacing: 0) {
            badge("A", side: 10, count: 3)
            badge("B", side: 24, count: 1)
        }
        #expect(try frames(evaluated(source)) == frames(swift))
    }

    @Test func viewModifiersAndViewExtensionsAsTheSeedsWriteThem() throws {
        let source = """
        import SwiftUI
        struct Card: ViewModifier {
            var inset: CGFloat = 6
            func body(content: Content) -> some View {
                content
                    .padding(inset)
                    .background(RoundedRectangle(cornerRadius: 4).fill(.yellow))
            }
        }
        extension View {
            func card(inset: CGFloat = 6) -> some View {
                modifier(Card(inset: inset))
            }
        }
        HStack {
            Text("One").card()
            Text("Two").card(inset: 12)
        }
        """
        let swift = HStack {
            Text("One").padding(6).background(RoundedRectangle(cornerRadius: 4).fill(.yellow))
            Text("Two").padding(12).background(RoundedRectangle(cornerRadius: 4).fill(.yellow))
        }
        #expect(try frames(evaluated(source)) == frames(swift))
    }

    @Test func forEachOverIdentifiableStructsAndComputedLocals() throws {
        let source = """
        struct Item: Identifiable {
            let id: Int
            var width: Double
        }
        let items = [Item(id: 1, width: 10), Item(id: 2, width: 25.5), Item(id: 3, width: 7)]
        func totalWidth() -> Double {
            var total = 0.0
            for item in items where item.id != 2 {
                total += item.width
            }
            return total
        }
        let total = totalWidth()
        VStack(alignment: .trailing, spacing: 1) {
            ForEach(items) { item in
                Color.gray.frame(width: item.width, height: 3)
            }
            Color.black.frame(width: total, height: 2)
        }
        """
        let widths: [CGFloat] = [10, 25.5, 7]
        let swift = VStack(alignment: .trailing, spacing: 1) {
            ForEach(0..<3, id: \.self) { i in Color.gray.frame(width: widths[i], height: 3) }
            Color.black.frame(width: 17, height: 2)
        }
        #expect(try frames(evaluated(source)) == frames(swift))
    }

    @Test func arithmeticFollowsSwiftsIntAndDoubleRules() throws {
        // Each width is computed in Swift here (the oracle) and by the evaluator there.
        let source = """
        let side = 46.0
        let size = CGSize(width: 300, height: 200)
        let columns = Int((size.width / side).rounded(.up))
        let half = 7 / 2
        let literal: Double = 7 / 2
        let shade = Double((3 * 7 + 2 * 13) % 5) / 4
        let mixed = 1 + 0.5
        let clamped = min(max(-3, 2), 10)
        let angle = Angle(degrees: 90).radians
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50).insetBy(dx: 2, dy: 4)
        VStack(spacing: 0) {
            Color.red.frame(width: Double(columns), height: 1)
            Color.red.frame(width: Double(half), height: 1)
            Color.red.frame(width: literal, height: 1)
            Color.red.frame(width: shade * 100, height: 1)
            Color.red.frame(width: mixed, height: 1)
            Color.red.frame(width: Double(clamped), height: 1)
            Color.red.frame(width: angle * 10, height: 1)
            Color.red.frame(width: rect.midX, height: rect.height)
            Color.red.frame(width: pow(2, 5) + sqrt(16), height: 1)
            Text("\\(columns) \\(half) \\(shade, specifier: "%.2f")")
        }
        """
        let columns = Int((CGFloat(300) / 46.0).rounded(.up))
        let shade = Double((3 * 7 + 2 * 13) % 5) / 4
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50).insetBy(dx: 2, dy: 4)
        let swift = VStack(spacing: 0) {
            Color.red.frame(width: CGFloat(columns), height: 1)
            Color.red.frame(width: CGFloat(7 / 2), height: 1)
            Color.red.frame(width: 3.5, height: 1)
            Color.red.frame(width: shade * 100, height: 1)
            Color.red.frame(width: 1.5, height: 1)
            Color.red.frame(width: 2, height: 1)
            Color.red.frame(width: Double.pi / 2 * 10, height: 1)
            Color.red.frame(width: rect.midX, height: rect.height)
            Color.red.frame(width: 36, height: 1)
            Text("\(columns) \(7 / 2) \(String(format: "%.2f", shade))")
        }
        #expect(try frames(evaluated(source)) == frames(swift))
    }

    @Test func guardIfLetSwitchAndClosures() throws {
        let source = """
        func width(for value: Int?) -> Double {
            guard let value else { return 1 }
            let maybe: Int? = value * 2
            if let doubled = maybe, doubled > 10 { return Double(doubled) }
            switch value {
            case 0: return 2
            case 1...3: return 3
            default: return 4
            }
        }
        let scale = { (x: Double) -> Double in x * 10 }
        let widths = [nil, 0, 2, 4, 6].map { width(for: $0) }
        HStack(spacing: 0) {
            ForEach(widths, id: \\.self) { w in
                Color.red.frame(width: scale(w), height: 1)
            }
        }
        """
        let swift = HStack(spacing: 0) {
            ForEach([1.0, 2, 3, 4, 12], id: \.self) { w in Color.red.frame(width: w * 10, height: 1) }
        }
        #expect(try frames(evaluated(source)) == frames(swift))
    }

    @Test func geometryReaderAndAlignmentGuideClosuresRunLater() throws {
        let source = """
        GeometryReader { proxy in
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: proxy.size.width / 2, height: 10)
                Color.blue.frame(width: 20, height: 10)
                    .alignmentGuide(.leading) { d in d[.trailing] }
            }
        }
        """
        let swift = GeometryReader { proxy in
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: proxy.size.width / 2, height: 10)
                Color.blue.frame(width: 20, height: 10)
                    .alignmentGuide(.leading) { d in d[.trailing] }
            }
        }
        #expect(try frames(evaluated(source)) == frames(swift))
    }

    @Test func theRootIsChosenAsDocumented() throws {
        let two = """
        struct A: View { var body: some View { Color.red.frame(width: 10, height: 10) } }
        struct B: View { var body: some View { Color.red.frame(width: 20, height: 20) } }
        """
        // Several candidates and nothing to choose with: an error saying how to choose.
        let error = try #require(evaluationError(two, file: "Two.swift"))
        #expect(error.summary == "Two.swift:1:1: error: no view to render: the file has no trailing view expression and no #Preview, and View structs A, B (several need no arguments); end the file with the view to render (e.g. 'A()'), add a #Preview, or name the root struct")
        // The root named in the settings.
        #expect(try frames(evaluated(two, settings: ViewFileSettings(root: "B"))) == frames(Color.red.frame(width: 20, height: 20)))
        // A #Preview's body.
        #expect(try frames(evaluated(two + "\n#Preview { A() }")) == frames(Color.red.frame(width: 10, height: 10)))
        // The one View struct needing no arguments.
        let one = "struct A: View { var body: some View { Color.red.frame(width: 30, height: 5) } }\nstruct Row { var x: Int }"
        #expect(try frames(evaluated(one)) == frames(Color.red.frame(width: 30, height: 5)))
    }

    @Test func notesSayWhatWasIgnoredOnce() throws {
        let program = try ViewFileProgram(source: """
        Color.red
            .onLongPressGesture { }
            .onAppear { }
            .onLongPressGesture(minimumDuration: 2) { }
            .onTapGesture { }
        """, file: "Notes.swift")
        _ = try program.makeView()
        // A tap handler is recorded (it runs when a tap is delivered), not noted.
        #expect(program.notes == ["onLongPressGesture: accepted and ignored (nothing interactive runs in a rendered frame)",
                                  "onAppear: accepted and ignored (nothing interactive runs in a rendered frame)"])
    }
}
