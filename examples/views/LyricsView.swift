// Seed 004 ("Compose advanced graphics effects"): the lyrics screen, in the session's own code:
// the cover art blurred, then warped by domain-warping noise as time passes, under a scrolling
// LazyVStack of lyric lines, the current one bold with its timestamp pinned under it by an
// alignment guide. `backgroundWarp` is the seed's Metal function (examples/metal/BackgroundWarp.metal);
// `CoverArt` and `NoiseTexture` are the pictures beside this file.
//
// `--time 2` renders the warp two seconds in; `--set currentLine=3` moves the highlight. The
// session's `Date.now` start is the render's own start here, so frames are reproducible.
import ShaderFXUI

struct LyricLine: Identifiable {
    let id: Int
    let text: String
    let time: Double

    var formattedTimestamp: String {
        let seconds = Int(time) % 60
        return "\(Int(time) / 60):" + (seconds < 10 ? "0" : "") + "\(seconds)"
    }
}

let sampleTranscript = [
    LyricLine(id: 0, text: "Every modifier is a stage", time: 3),
    LyricLine(id: 1, text: "Colour flows from one to the next", time: 9),
    LyricLine(id: 2, text: "Blur the cover, warp the light", time: 15),
    LyricLine(id: 3, text: "Noise that moves like water", time: 22),
    LyricLine(id: 4, text: "Time is the only input", time: 28),
    LyricLine(id: 5, text: "And the pixels follow", time: 35),
]

struct CoverArtView: View {
    var body: some View {
        Image("CoverArt")
            .resizable()
            .scaledToFill()
            .blur(radius: 30)
    }
}

struct LyricsView: View {
    @State private var startDate = Date(timeIntervalSinceReferenceDate: 0)
    @State var currentLine = 2

    var body: some View {
        ZStack {
            TimelineView(.animation) { timeline in
                let elapsed = timeline.date.timeIntervalSince(startDate)
                GeometryReader { proxy in
                    CoverArtView()
                        .frame(width: proxy.size.width, height: proxy.size.height)
                        .clipped()
                        .layerEffect(
                            ShaderLibrary.backgroundWarp(
                                .float2(proxy.size),
                                .image(Image("NoiseTexture")),
                                .float(elapsed)
                            ),
                            maxSampleOffset: .zero
                        )
                }
                .ignoresSafeArea()
            }

            ScrollView {
                LazyVStack(alignment: .leading, spacing: 12) {
                    ForEach(sampleTranscript) { line in
                        Text(line.text)
                            .font(.title)
                            .fontWeight(line.id == currentLine ? .bold : .regular)
                            .foregroundStyle(.white)
                            .opacity(line.id == currentLine ? 1 : 0.55)
                            .overlay(alignment: .bottomLeading) {
                                if line.id == currentLine {
                                    Text(line.formattedTimestamp)
                                        .font(.caption)
                                        .foregroundStyle(.white)
                                        .alignmentGuide(.bottom) { $0[.top] }
                                }
                            }
                    }
                }
                .padding(24)
            }
        }
    }
}
