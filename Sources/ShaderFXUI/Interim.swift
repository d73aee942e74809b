// INTERIM: stand-ins until the paint and geometry branches merge; deleted then.
import Foundation
public protocol Shape: Sendable, View { func path(in rect: CGRect) -> Path; func sizeThatFits(_ p: ProposedViewSize) -> CGSize }
extension Shape { public func sizeThatFits(_ p: ProposedViewSize) -> CGSize { p.replacingUnspecifiedDimensions() } }
public protocol InsettableShape: Shape { associatedtype InsetShape: InsettableShape; func inset(by amount: CGFloat) -> InsetShape }
public struct Path: Sendable { public init() {}; func applying(_ t: CGAffineTransform) -> Path { self }; func strokedPath(_ s: StrokeStyle) -> Path { self } }
public struct FillStyle: Sendable { public var isEOFilled = false; public init() {} }
public struct StrokeStyle: Sendable { public var lineWidth: CGFloat; public init(lineWidth: CGFloat = 1) { self.lineWidth = lineWidth } }
public struct Rectangle: Shape { public init() {}; public func path(in rect: CGRect) -> Path { Path() } }
public enum RoundedCornerStyle: Sendable { case circular, continuous }
public struct RoundedRectangle: Shape { public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}; public func path(in rect: CGRect) -> Path { Path() } }
