import json,sys,collections
p=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in p['nodes']}
self_t=collections.Counter()
dt=p['timeDeltas']; samples=p['samples']
for s,d in zip(samples,dt):
    self_t[s]+=d
parent={}
for n in p['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
# self time by function
byfn=collections.Counter()
for nid,t in self_t.items():
    cf=nodes[nid]['callFrame']
    byfn[(cf['functionName'] or '(anon)')+' '+cf['url'].split('/')[-1]+':'+str(cf['lineNumber'])]+=t
total=sum(self_t.values())
print('total ms',total/1000)
for k,v in byfn.most_common(int(sys.argv[2]) if len(sys.argv)>2 else 40): print(f'{v/1000:9.1f} {k}')
# inclusive by file/module
incl=collections.Counter()
for nid,t in self_t.items():
    seen=set(); x=nid
    while x in nodes:
        u=nodes[x]['callFrame']['url']
        key=u.split('node_modules/')[-1].split('/')[0] if 'node_modules' in u else u.replace('file:///work/main/','')
        if key not in seen: incl[key]+=t; seen.add(key)
        x=parent.get(x)
print('--- inclusive by module/file')
for k,v in incl.most_common(40): print(f'{v/1000:9.1f} {k}')
