func makeCounter() -> () -> Int {
    var count = 0
    func next() -> Int { count += 1; return count }
    return next
}
let counter = makeCounter()
Color.red.frame(width: CGFloat(counter() + counter()))
