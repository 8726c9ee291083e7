1: jump(1,1,r)
2: jump(1,3,u) jump(1,1,r)
3: jump(1,1,r) jump(3,1,d) jump(3,4,u) jump(3,2,l)
4: jump(3,1,r) jump(3,2,r) jump(5,1,d) jump(4,6,u) jump(4,4,r) jump(7,4,l) jump(5,3,d)
