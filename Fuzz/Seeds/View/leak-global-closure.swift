let big = Array(0..<10000)
let f = { (x: Int) in big.count + x }
Color.red
