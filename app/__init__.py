"""Metnos Desk.

Set before numpy is first loaded, by whichever part of the app comes first: right after an embedding call
onnxruntime's threads keep spinning, and a multi-threaded OpenBLAS then competes with them (a 0.15 ms search
over the memo took 3.5 ms, 1.3 ms with one BLAS thread; a document query's product 10 ms instead of 0.2 ms).
The app's matrices are small: one BLAS thread is also the fastest for them.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
