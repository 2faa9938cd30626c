// 200 resources: 40 parents with 4 nested resources each, as `measure.sh` builds them.

resourceful::routes! {
    resources(projects00s, collection(archived: get), member(archive: put)) {
        resources(items000s);
        resources(items001s);
        resources(items002s);
        resources(items003s);
    }
    resources(projects01s, collection(archived: get), member(archive: put)) {
        resources(items010s);
        resources(items011s);
        resources(items012s);
        resources(items013s);
    }
    resources(projects02s, collection(archived: get), member(archive: put)) {
        resources(items020s);
        resources(items021s);
        resources(items022s);
        resources(items023s);
    }
    resources(projects03s, collection(archived: get), member(archive: put)) {
        resources(items030s);
        resources(items031s);
        resources(items032s);
        resources(items033s);
    }
    resources(projects04s, collection(archived: get), member(archive: put)) {
        resources(items040s);
        resources(items041s);
        resources(items042s);
        resources(items043s);
    }
    resources(projects05s, collection(archived: get), member(archive: put)) {
        resources(items050s);
        resources(items051s);
        resources(items052s);
        resources(items053s);
    }
    resources(projects06s, collection(archived: get), member(archive: put)) {
        resources(items060s);
        resources(items061s);
        resources(items062s);
        resources(items063s);
    }
    resources(projects07s, collection(archived: get), member(archive: put)) {
        resources(items070s);
        resources(items071s);
        resources(items072s);
        resources(items073s);
    }
    resources(projects08s, collection(archived: get), member(archive: put)) {
        resources(items080s);
        resources(items081s);
        resources(items082s);
        resources(items083s);
    }
    resources(projects09s, collection(archived: get), member(archive: put)) {
        resources(items090s);
        resources(items091s);
        resources(items092s);
        resources(items093s);
    }
    resources(projects10s, collection(archived: get), member(archive: put)) {
        resources(items100s);
        resources(items101s);
        resources(items102s);
        resources(items103s);
    }
    resources(projects11s, collection(archived: get), member(archive: put)) {
        resources(items110s);
        resources(items111s);
        resources(items112s);
        resources(items113s);
    }
    resources(projects12s, collection(archived: get), member(archive: put)) {
        resources(items120s);
        resources(items121s);
        resources(items122s);
        resources(items123s);
    }
    resources(projects13s, collection(archived: get), member(archive: put)) {
        resources(items130s);
        resources(items131s);
        resources(items132s);
        resources(items133s);
    }
    resources(projects14s, collection(archived: get), member(archive: put)) {
        resources(items140s);
        resources(items141s);
        resources(items142s);
        resources(items143s);
    }
    resources(projects15s, collection(archived: get), member(archive: put)) {
        resources(items150s);
        resources(items151s);
        resources(items152s);
        resources(items153s);
    }
    resources(projects16s, collection(archived: get), member(archive: put)) {
        resources(items160s);
        resources(items161s);
        resources(items162s);
        resources(items163s);
    }
    resources(projects17s, collection(archived: get), member(archive: put)) {
        resources(items170s);
        resources(items171s);
        resources(items172s);
        resources(items173s);
    }
    resources(projects18s, collection(archived: get), member(archive: put)) {
        resources(items180s);
        resources(items181s);
        resources(items182s);
        resources(items183s);
    }
    resources(projects19s, collection(archived: get), member(archive: put)) {
        resources(items190s);
        resources(items191s);
        resources(items192s);
        resources(items193s);
    }
    resources(projects20s, collection(archived: get), member(archive: put)) {
        resources(items200s);
        resources(items201s);
        resources(items202s);
        resources(items203s);
    }
    resources(projects21s, collection(archived: get), member(archive: put)) {
        resources(items210s);
        resources(items211s);
        resources(items212s);
        resources(items213s);
    }
    resources(projects22s, collection(archived: get), member(archive: put)) {
        resources(items220s);
        resources(items221s);
        resources(items222s);
        resources(items223s);
    }
    resources(projects23s, collection(archived: get), member(archive: put)) {
        resources(items230s);
        resources(items231s);
        resources(items232s);
        resources(items233s);
    }
    resources(projects24s, collection(archived: get), member(archive: put)) {
        resources(items240s);
        resources(items241s);
        resources(items242s);
        resources(items243s);
    }
    resources(projects25s, collection(archived: get), member(archive: put)) {
        resources(items250s);
        resources(items251s);
        resources(items252s);
        resources(items253s);
    }
    resources(projects26s, collection(archived: get), member(archive: put)) {
        resources(items260s);
        resources(items261s);
        resources(items262s);
        resources(items263s);
    }
    resources(projects27s, collection(archived: get), member(archive: put)) {
        resources(items270s);
        resources(items271s);
        resources(items272s);
        resources(items273s);
    }
    resources(projects28s, collection(archived: get), member(archive: put)) {
        resources(items280s);
        resources(items281s);
        resources(items282s);
        resources(items283s);
    }
    resources(projects29s, collection(archived: get), member(archive: put)) {
        resources(items290s);
        resources(items291s);
        resources(items292s);
        resources(items293s);
    }
    resources(projects30s, collection(archived: get), member(archive: put)) {
        resources(items300s);
        resources(items301s);
        resources(items302s);
        resources(items303s);
    }
    resources(projects31s, collection(archived: get), member(archive: put)) {
        resources(items310s);
        resources(items311s);
        resources(items312s);
        resources(items313s);
    }
    resources(projects32s, collection(archived: get), member(archive: put)) {
        resources(items320s);
        resources(items321s);
        resources(items322s);
        resources(items323s);
    }
    resources(projects33s, collection(archived: get), member(archive: put)) {
        resources(items330s);
        resources(items331s);
        resources(items332s);
        resources(items333s);
    }
    resources(projects34s, collection(archived: get), member(archive: put)) {
        resources(items340s);
        resources(items341s);
        resources(items342s);
        resources(items343s);
    }
    resources(projects35s, collection(archived: get), member(archive: put)) {
        resources(items350s);
        resources(items351s);
        resources(items352s);
        resources(items353s);
    }
    resources(projects36s, collection(archived: get), member(archive: put)) {
        resources(items360s);
        resources(items361s);
        resources(items362s);
        resources(items363s);
    }
    resources(projects37s, collection(archived: get), member(archive: put)) {
        resources(items370s);
        resources(items371s);
        resources(items372s);
        resources(items373s);
    }
    resources(projects38s, collection(archived: get), member(archive: put)) {
        resources(items380s);
        resources(items381s);
        resources(items382s);
        resources(items383s);
    }
    resources(projects39s, collection(archived: get), member(archive: put)) {
        resources(items390s);
        resources(items391s);
        resources(items392s);
        resources(items393s);
    }
}
