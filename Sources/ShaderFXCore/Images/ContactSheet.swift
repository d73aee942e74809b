/// A grid of frames in one picture, for looking at an animation at a glance.
public enum ContactSheet {
    /// Lays `frames` out in rows of `columns`, each shrunk by an integer factor so it is at most
    /// `maxThumbnailWidth` pixels wide, with `gap` pixels between them on a neutral grey.
    /// - Parameters:
    ///   - frames: the frames, all the same size.
    ///   - columns: frames per row (at least 1).
    ///   - maxThumbnailWidth: the widest a thumbnail may be; frames are box-filtered down by 2, 3, ...
    ///   - gap: pixels between thumbnails and around the sheet.
    public static func make(_ frames: [RGBAImage], columns: Int = 4, maxThumbnailWidth: Int = 256, gap: Int = 4) -> RGBAImage {
        precondition(!frames.isEmpty && columns >= 1)
        let width = frames[0].width, height = frames[0].height
        let factor = max(1, (width + maxThumbnailWidth - 1) / maxThumbnailWidth)
        let tw = max(1, width / factor), th = max(1, height / factor)
        let cols = min(columns, frames.count)
        let rows = (frames.count + cols - 1) / cols
        var sheet = RGBAImage(width: cols * tw + (cols + 1) * gap, height: rows * th + (rows + 1) * gap,
                              fill: SIMD4(0.5, 0.5, 0.5, 1))
        for (index, frame) in frames.enumerated() {
            let ox = gap + (index % cols) * (tw + gap), oy = gap + (index / cols) * (th + gap)
            for y in 0..<th {
                for x in 0..<tw {
                    var sum = SIMD4<Float>.zero
                    for dy in 0..<factor {
                        for dx in 0..<factor {
                            sum += frame[min(x * factor + dx, width - 1), min(y * factor + dy, height - 1)]
                        }
                    }
                    let c = sum / Float(factor * factor)
                    // Transparent parts show over the grey, as premultiplied "over" gives.
                    sheet[ox + x, oy + y] = c + SIMD4(0.5, 0.5, 0.5, 1) * (1 - c.w)
                }
            }
        }
        return sheet
    }
}
