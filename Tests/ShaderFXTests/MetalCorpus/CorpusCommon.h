// CorpusCommon.h: a local header shared by several files of the corpus, as an app's
// Shaders/Common.h would be.
#ifndef CORPUS_COMMON_H
#define CORPUS_COMMON_H

#include <metal_stdlib>
using namespace metal;

// Rec. 709 luma weights.
constant float3 kLumaWeights = float3(0.2126, 0.7152, 0.0722);

#define CORPUS_HALF(v) ((v) * 0.5)
#define LEVELS 4

// The luma of a colour.
inline float luma(half3 c) {
    return dot(float3(c), kLumaWeights);
}

#endif // CORPUS_COMMON_H
