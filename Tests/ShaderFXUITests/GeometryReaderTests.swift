import Foundation
import Testing
@testable import ShaderFXUI

/// A `GeometryReader` anywhere in a tree is told the size and place layout gives it (SwiftUI's
/// reader takes its whole proposal, SWIFTUI-NOTES §7 #4), not the root's proposal: each expected
/// frame follows from the stack rules by hand, in the comment above it.
@Suite struct GeometryReaderTests {
    @Test func aReaderInAStackIsToldItsShare() throws {
        // HStack(spacing: 0) proposed 300×50: the 100-pt colour is fixed, the reader takes the
        // other 200×50; its content, half its width, is 100×50 at the reader's top-leading corner.
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 100)
            GeometryReader { proxy in
                Color.blue.frame(width: proxy.size.width / 2, height: proxy.size.height).layoutName("half")
            }
            .layoutName("reader")
        }
        let result = try viewLayout(view, ProposedViewSize(width: 300, height: 50))
        #expect(try frame(result, "reader") == rect(100, 0, 200, 50))
        #expect(try frame(result, "half") == rect(100, 0, 100, 50))
    }

    @Test func theGlobalFrameIsWhereTheReaderIsInThePicture() throws {
        // A VStack(spacing: 0) 200×100: a 30-pt strip, then the reader at y 30, 200×70. The content
        // is as wide as the reader's global minY plus one (31) and as tall as its local minY plus
        // five (5), at the reader's corner.
        let view = VStack(spacing: 0) {
            Color.red.frame(height: 30)
            GeometryReader { proxy in
                Color.green
                    .frame(width: proxy.frame(in: .global).minY + 1, height: proxy.frame(in: .local).minY + 5)
                    .layoutName("probe")
            }
        }
        .frame(width: 200, height: 100)
        let result = try viewLayout(view)
        #expect(try frame(result, "probe") == rect(0, 30, 31, 5))
    }

    @Test func nestedReadersSettle() throws {
        // The outer reader is 400×40; a quarter of it (100) is red, the inner reader takes the
        // other 300 and its content half of that, 150, starting at x 100.
        let view = GeometryReader { outer in
            HStack(spacing: 0) {
                Color.red.frame(width: outer.size.width / 4)
                GeometryReader { inner in
                    Color.blue.frame(width: inner.size.width / 2, height: 10).layoutName("inner")
                }
            }
        }
        let result = try viewLayout(view, ProposedViewSize(width: 400, height: 40))
        #expect(try frame(result, "inner") == rect(100, 0, 150, 10))
    }
}
