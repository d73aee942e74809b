GeometryReader { proxy in Color.red }
