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

    /// An 80 × 80 black pad whose drag sets its `@Binding var offset` to the drag's translation,
    /// under a 10 × 10 red marker its parent offsets by the `@State` the binding reaches.
    public static let dragPad = """
        struct Parent: View {
            @State var offset = CGSize.zero
            var body: some View {
                ZStack(alignment: .topLeading) {
                    Pad(offset: $offset)
                    Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).offset(offset)
                }
            }
        }

        struct Pad: View {
            @Binding var offset: CGSize
            var body: some View {
                Color(red: 0, green: 0, blue: 0).frame(width: 80, height: 80)
                    .gesture(DragGesture(minimumDistance: 0).onChanged { offset = $0.translation })
            }
        }

        Parent()
        """

    /// A 40 × 40 cell given a binding to the parent's array and one to its element 1 (at line 4,
    /// column 42 of the file): its tap removes the array's last element, then writes element 1.
    public static let elementGone = """
        struct Parent: View {
            @State var items = [1, 2]
            var body: some View {
                Cell(list: $items, value: $items[1])
            }
        }

        struct Cell: View {
            @Binding var list: [Int]
            @Binding var value: Int
            var body: some View {
                Color.red.frame(width: 40, height: 40).onTapGesture {
                    list.removeLast()
                    value = 5
                }
            }
        }

        Parent()
        """
}

