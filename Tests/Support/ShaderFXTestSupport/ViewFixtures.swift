/// View files the suite, batch and transition tests write and draw.
public enum ViewFixtures {
    /// A card as a template: `title` (a top-level constant) and `count` (a stored property) are
    /// what `--set` and `"set"` change. The orange block is `count * 10` points wide, 8 high, 10
    /// points above the bottom; the card fills a proposed size (a white background all over).
    public static let card = """
        import SwiftUI
        let title = "Hello"
        struct Card: View {
            var count = 2
            var body: some View {
                VStack(spacing: 6) {
                    Text(title).font(.headline)
                    Color(red: 1, green: 0.5, blue: 0).frame(width: CGFloat(count * 10), height: 8)
                }
                .padding(10)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color.white)
            }
        }
        """
}
