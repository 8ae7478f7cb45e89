# SPDX-License-Identifier: GPL-3.0-or-later
# Peak GPU memory of one training step of a GPT in plain PyTorch, for the engine's memory model to be held
# against (tests/engine/tst_validation.cpp, docs/validation.md). On a machine with a CUDA GPU and PyTorch:
#   python3 memcheck.py configs.json > MEASURED.jsonl
# The model is written as the model assumes a layer (Korthikanti et al., MLSys'23, Table 2): pre-norm
# LayerNorm, fused QKV, attention (FlashAttention through PyTorch's SDPA, or softmax and dropout written
# out), output projection, GeLU MLP, 1-byte dropout masks, 16-bit activations; learned positions, an untied
# output layer with fp32 logits and PyTorch's own cross entropy. Weights and gradients are bf16, the Adam
# step keeps fp32 master weights and moments (ZeRO's 2 + 2 + 12 bytes a parameter, Rajbhandari et al.,
# SC'20, §3.1). Each line: the configuration, states (bytes allocated for weights, gradients and the
# optimizer, in the caching allocator's blocks), state_tensors (the same tensors' own bytes), peak_allocated (torch.cuda.max_memory_allocated over the second step, less what was allocated
# before the model), peak_reserved (torch.cuda.max_memory_reserved) and device_used (the GPU's used memory
# by cudaMemGetInfo, the CUDA context included).
import json, math, sys, time
import torch
import torch.nn as nn
import torch.nn.functional as F

class Layer(nn.Module):
    def __init__(s, h, a, f, flash, p):
        super().__init__()
        s.a, s.flash, s.p = a, flash, p
        s.ln1 = nn.LayerNorm(h); s.qkv = nn.Linear(h, 3 * h); s.proj = nn.Linear(h, h)
        s.ln2 = nn.LayerNorm(h); s.fc1 = nn.Linear(h, f); s.fc2 = nn.Linear(f, h)
    def attention(s, x):
        B, S, H = x.shape
        d = H // s.a
        qkv = s.qkv(x).view(B, S, 3, s.a, d)
        q, k, v = (qkv[:, :, i].transpose(1, 2) for i in range(3))  # (B, a, S, d) views
        if s.flash:
            with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
                o = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=s.p)
        else:
            scores = (q @ k.transpose(-1, -2)) * (1.0 / math.sqrt(d))
            mask = torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1)
            probs = F.dropout(torch.softmax(scores.masked_fill(mask, float('-inf')), dim=-1), s.p)
            o = probs @ v
        return o.transpose(1, 2).reshape(B, S, H)
    def forward(s, x):
        x = x + F.dropout(s.proj(s.attention(s.ln1(x))), s.p)
        return x + F.dropout(s.fc2(F.gelu(s.fc1(s.ln2(x)))), s.p)

class SwiGLU(torch.autograd.Function):
    # Megatron-LM's fused bias_swiglu: keeps only its input (gate and up) and recomputes silu in the backward.
    @staticmethod
    def forward(ctx, gu):
        ctx.save_for_backward(gu)
        g, u = gu.chunk(2, dim=-1)
        return F.silu(g) * u
    @staticmethod
    def backward(ctx, grad):
        gu, = ctx.saved_tensors
        g, u = gu.chunk(2, dim=-1)
        with torch.enable_grad():
            g = g.detach().requires_grad_(); u = u.detach().requires_grad_()
            out = F.silu(g) * u
            dg, du = torch.autograd.grad(out, (g, u), grad)
        return torch.cat((dg, du), dim=-1)

def rope(x, cos, sin):
    x1, x2 = x.chunk(2, dim=-1)
    return x * cos + torch.cat((-x2, x1), dim=-1) * sin

class LlamaLayer(nn.Module):
    # Llama's layer as Megatron-LM runs it: RMSNorm, Q/K/V projections without biases (GQA), rotary
    # positions, FlashAttention, SwiGLU (fused: gate and up in one GEMM, the product recomputed; or eager, as
    # written in Hugging Face's LlamaMLP), no dropout.
    def __init__(s, h, a, kv, f, fused):
        super().__init__()
        s.a, s.kv, s.d, s.fused = a, kv, h // a, fused
        s.n1 = nn.RMSNorm(h); s.n2 = nn.RMSNorm(h)
        s.q = nn.Linear(h, h, bias=False); s.k = nn.Linear(h, kv * s.d, bias=False)
        s.v = nn.Linear(h, kv * s.d, bias=False); s.o = nn.Linear(h, h, bias=False)
        if fused:
            s.gu = nn.Linear(h, 2 * f, bias=False)
        else:
            s.gate = nn.Linear(h, f, bias=False); s.up = nn.Linear(h, f, bias=False)
        s.down = nn.Linear(f, h, bias=False)
    def forward(s, x, cos, sin):
        B, S, H = x.shape
        y = s.n1(x)
        q = rope(s.q(y).view(B, S, s.a, s.d).transpose(1, 2), cos, sin)
        k = rope(s.k(y).view(B, S, s.kv, s.d).transpose(1, 2), cos, sin)
        v = s.v(y).view(B, S, s.kv, s.d).transpose(1, 2)
        with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.FLASH_ATTENTION):
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + s.o(o.transpose(1, 2).reshape(B, S, H))
        y = s.n2(x)
        m = SwiGLU.apply(s.gu(y)) if s.fused else F.silu(s.gate(y)) * s.up(y)
        return x + s.down(m)

class Llama(nn.Module):
    def __init__(s, c):
        super().__init__()
        h, d = c['hidden'], c['hidden'] // c['heads']
        s.tok = nn.Embedding(c['vocab'], h)
        s.layers = nn.ModuleList(LlamaLayer(h, c['heads'], c['kv_heads'], c['ffn'], c['swiglu'] == 'fused')
                                 for _ in range(c['layers']))
        s.norm = nn.RMSNorm(h); s.head = nn.Linear(h, c['vocab'], bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d))
        ang = torch.outer(torch.arange(c['seq']).float(), inv)
        ang = torch.cat((ang, ang), dim=-1)
        s.register_buffer('cos', ang.cos().to(torch.bfloat16), persistent=False)
        s.register_buffer('sin', ang.sin().to(torch.bfloat16), persistent=False)
    def forward(s, idx, targets):
        x = s.tok(idx)
        for layer in s.layers:
            x = layer(x, s.cos, s.sin)
        logits = s.head(s.norm(x)).float()
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.view(-1))

class GPT(nn.Module):
    def __init__(s, c):
        super().__init__()
        h = c['hidden']
        s.tok = nn.Embedding(c['vocab'], h); s.pos = nn.Embedding(c['seq'], h)
        s.layers = nn.ModuleList(Layer(h, c['heads'], c['ffn'], c['flash'], 0.1) for _ in range(c['layers']))
        s.lnf = nn.LayerNorm(h); s.head = nn.Linear(h, c['vocab'], bias=False)
        s.recompute = c.get('recompute', False)
    def forward(s, idx, targets):
        x = F.dropout(s.tok(idx) + s.pos(torch.arange(idx.shape[1], device=idx.device)), 0.1)
        for layer in s.layers:
            x = torch.utils.checkpoint.checkpoint(layer, x, use_reentrant=False) if s.recompute else layer(x)
        logits = s.head(s.lnf(x)).float()
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.view(-1))

def run(c):
    torch.cuda.empty_cache(); torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    torch.manual_seed(0)
    model = (Llama(c) if c.get('arch') == 'llama' else GPT(c)).cuda().to(torch.bfloat16)
    params = [p for p in model.parameters()]
    n = sum(p.numel() for p in params)
    for p in params:
        p.grad = torch.zeros_like(p)              # bf16 gradients, kept (2 bytes a parameter)
    master = [p.detach().float().clone() for p in params]  # fp32 master weights (4)
    m1 = [torch.zeros_like(w) for w in master]      # Adam moments (4 + 4)
    m2 = [torch.zeros_like(w) for w in master]
    # Weights, gradients and optimizer states as allocated (the caching allocator's blocks; the model's
    # constant buffers, the rotary tables, left out), and as the tensors' own bytes.
    states = torch.cuda.memory_allocated() - base - sum(b.numel() * b.element_size() for b in model.buffers())
    tensors = sum(t.numel() * t.element_size() for t in params + [p.grad for p in params] + master + m1 + m2)
    B, S, V = c['micro_batch'], c['seq'], c['vocab']
    idx = torch.randint(0, V, (B, S), device='cuda'); tgt = torch.randint(0, V, (B, S), device='cuda')
    def step():
        for p in params: p.grad.zero_()
        loss = model(idx, tgt)
        loss.backward()
        with torch.no_grad():
            for p, w, a, b in zip(params, master, m1, m2):
                g = p.grad.float()                 # one tensor's fp32 copy at a time
                a.mul_(0.9).add_(g, alpha=0.1); b.mul_(0.95).addcmul_(g, g, value=0.05)
                w.addcdiv_(a, b.sqrt().add_(1e-8), value=-1e-4)
                p.copy_(w)
        return loss
    step(); torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    t = time.time(); step(); torch.cuda.synchronize(); dt = time.time() - t
    out = dict(c, params_total=n, states=states, state_tensors=tensors, peak_allocated=torch.cuda.max_memory_allocated() - base,
               peak_reserved=torch.cuda.max_memory_reserved(), step_s=dt)
    free, total = torch.cuda.mem_get_info()
    out['device_used'] = total - free
    out['reserved_now'] = torch.cuda.memory_reserved()
    del model, params, master, m1, m2
    return out

configs = json.load(open(sys.argv[1]))
print(json.dumps({'torch': torch.__version__, 'gpu': torch.cuda.get_device_name()}), flush=True)
for c in configs:
    print(json.dumps(run(c)), flush=True)
