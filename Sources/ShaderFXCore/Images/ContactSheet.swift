/// A grid of frames in one picture, for looking at an animation at a glance.
public enum ContactSheet {
    /// The widest a thumbnail is by default, in pixels.
    public static let defaultThumbnailWidth = 256

    /// `frame` shrunk by the smallest integer factor that makes it at most `maxWidth` pixels
    /// wide (a box filter), as the sheet shows it: keep these rather than whole frames.
    /// - Parameters:
    ///   - frame: the frame.
    ///   - maxWidth: the widest the thumbnail may be.
    public static func thumbnail(_ frame: RGBAImage, maxWidth: Int) -> RGBAImage {
        let width = frame.width, height = frame.height
        let factor = max(1, (width + maxWidth - 1) / maxWidth)
        guard factor > 1 else { return frame }
        let tw = max(1, width / factor), th = max(1, height / factor)
        var thumbnail = RGBAImage(width: tw, height: th)
        for y in 0..<th {
            for x in 0..<tw {
                var sum = SIMD4<Float>.zero
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        sum += frame[min(x * factor + dx, width - 1), min(y * factor + dy, height - 1)]
                    }
                }
                thumbnail[x, y] = sum / Float(factor * factor)
            }
        }
        return thumbnail
    }

    /// Lays `frames` out in rows of `columns`, each shrunk by an integer factor so it is at most
    /// `maxThumbnailWidth` pixels wide, with `gap` pixels between them on a neutral grey.
    /// - Parameters:
    ///   - frames: the frames, all the same size.
    ///   - columns: frames per row (at least 1).
    ///   - maxThumbnailWidth: the widest a thumbnail may be; frames are box-filtered down by 2, 3, ...
    ///   - gap: pixels between thumbnails and around the sheet.
    public static func make(_ frames: [RGBAImage], columns: Int = 4, maxThumbnailWidth: Int = defaultThumbnailWidth, gap: Int = 4) -> RGBAImage {
        precondition(!frames.isEmpty && columns >= 1)
        let thumbnails = frames.map { thumbnail($0, maxWidth: maxThumbnailWidth) }
        let tw = thumbnails[0].width, th = thumbnails[0].height
        let cols = min(columns, frames.count)
        let rows = (frames.count + cols - 1) / cols
        var sheet = RGBAImage(width: cols * tw + (cols + 1) * gap, height: rows * th + (rows + 1) * gap,
                              fill: SIMD4(0.5, 0.5, 0.5, 1))
        for (index, frame) in thumbnails.enumerated() {
            let ox = gap + (index % cols) * (tw + gap), oy = gap + (index / cols) * (th + gap)
            for y in 0..<th {
                for x in 0..<tw {
                    let c = frame[x, y]
                    // Transparent parts show over the grey, as premultiplied "over" gives.
                    sheet[ox + x, oy + y] = c + SIMD4(0.5, 0.5, 0.5, 1) * (1 - c.w)
                }
            }
        }
        return sheet
    }
}
